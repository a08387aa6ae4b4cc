import type { z } from 'zod'
import { calloutSchema } from './callout/callout.schema.ts'
import { checklistBuild } from './checklist/checklist.build.ts'
import { checklistSchema } from './checklist/checklist.schema.ts'
import { dataTableSchema, dataTableYamlSchema } from './data-table/data-table.schema.ts'
import { gameFactSchema } from './game-fact/game-fact.schema.ts'
import { gearBuild, unlockBuild } from './game-fact/game-fact.build.ts'
import { gameUpdatesBuild } from './game-updates/game-updates.build.ts'
import { gameUpdatesSchema } from './game-updates/game-updates.schema.ts'
import { guideIndexBuild } from './guide-index/guide-index.build.ts'
import { guideIndexSchema } from './guide-index/guide-index.schema.ts'
import { imageTableBuild } from './image-table/image-table.build.ts'
import { imageTableSchema, imageTableYamlSchema } from './image-table/image-table.schema.ts'
import { metronomeSchema } from './metronome/metronome.schema.ts'
import { playerLookupSchema } from './player-lookup/player-lookup.schema.ts'
import { questRequirementsBuild } from './quest-requirements/quest-requirements.build.ts'
import { questRequirementsSchema } from './quest-requirements/quest-requirements.schema.ts'
import { requirementsBuild } from './requirements/requirements.build.ts'
import { requirementsDataSchema, requirementsSchema } from './requirements/requirements.schema.ts'
import { screenshotSchema } from './screenshot/screenshot.schema.ts'
import { skillBadgeSchema } from './skill-badge/skill-badge.schema.ts'
import { skillOverviewBuild } from './skill-overview/skill-overview.build.ts'
import { skillOverviewSchema } from './skill-overview/skill-overview.schema.ts'
import { stepsBuild } from './steps/steps.build.ts'
import { stepsSchema } from './steps/steps.schema.ts'
import { tabBuild, tabsBuild } from './tabs/tabs.build.ts'
import { tabSchema, tabsSchema } from './tabs/tabs.schema.ts'
import { underConstructionSchema } from './under-construction/under-construction.schema.ts'
import { videoBuild } from './video/video.build.ts'
import { videoSchema } from './video/video.schema.ts'
import { worldMapBuild } from './world-map/world-map.build.ts'
import { worldMapSchema } from './world-map/world-map.schema.ts'

import type { WidgetBuild } from './widget-build.ts'

/** How a widget may be written: `::name` (leaf), `:::name` … `:::` (container), `:name` (text). */
type DirectiveForm = 'leaf' | 'container' | 'text'

export type WidgetDefinition = {
	/**
	 * The component that renders it (several directive names may share one); absent for a widget
	 * whose build step `expand`s it into plain markdown (no JavaScript).
	 */
	component?: WidgetComponentName
	forms: readonly DirectiveForm[]
	schema: z.ZodType
	/** Props fixed by the directive name, e.g. `:::tip` is a callout with variant "tip". */
	fixed?: Record<string, unknown>
	/** A container whose body is a ```yaml fence: parsed with this schema into the `key` prop. */
	yaml?: { schema: z.ZodType; key?: string }
	/** The container's `[label]` becomes this prop. */
	labelProp?: string
	/** Build-time rules beyond the schema (`<name>.build.ts`): reading the body, checks, enrichment. */
	build?: WidgetBuild
}

export type WidgetComponentName =
	| 'callout'
	| 'steps'
	| 'checklist'
	| 'tabs'
	| 'tab'
	| 'data-table'
	| 'image-table'
	| 'screenshot'
	| 'metronome'
	| 'world-map'
	| 'video'
	| 'under-construction'
	| 'quest-requirements'
	| 'requirements'
	| 'skill-badge'
	| 'player-lookup'
	| 'guide-index'
	| 'skill-overview'

const callout = (variant: string): WidgetDefinition => ({
	component: 'callout',
	forms: ['container'],
	schema: calloutSchema,
	fixed: { variant },
	labelProp: 'title',
})

/** Every directive name a page may use. Anything else fails the build (text directives stay text). */
export const WIDGETS: Record<string, WidgetDefinition> = {
	tip: callout('tip'),
	warning: callout('warning'),
	note: callout('note'),
	steps: { component: 'steps', forms: ['container'], schema: stepsSchema, build: stepsBuild },
	checklist: { component: 'checklist', forms: ['container'], schema: checklistSchema, build: checklistBuild },
	tabs: { component: 'tabs', forms: ['container'], schema: tabsSchema, build: tabsBuild },
	tab: { component: 'tab', forms: ['container'], schema: tabSchema, build: tabBuild },
	'data-table': {
		component: 'data-table',
		forms: ['container'],
		schema: dataTableSchema,
		yaml: { schema: dataTableYamlSchema, key: 'rows' },
	},
	'image-table': {
		component: 'image-table',
		forms: ['container'],
		schema: imageTableSchema,
		yaml: { schema: imageTableYamlSchema, key: 'rows' },
		build: imageTableBuild,
	},
	screenshot: { component: 'screenshot', forms: ['leaf'], schema: screenshotSchema },
	metronome: { component: 'metronome', forms: ['leaf'], schema: metronomeSchema },
	'world-map': { component: 'world-map', forms: ['leaf'], schema: worldMapSchema, build: worldMapBuild },
	video: { component: 'video', forms: ['leaf'], schema: videoSchema, build: videoBuild },
	'under-construction': {
		component: 'under-construction',
		forms: ['leaf'],
		schema: underConstructionSchema,
	},
	'quest-requirements': {
		component: 'quest-requirements',
		forms: ['leaf'],
		schema: questRequirementsSchema,
		build: questRequirementsBuild,
	},
	requirements: {
		component: 'requirements',
		forms: ['container', 'leaf'],
		schema: requirementsSchema,
		yaml: { schema: requirementsDataSchema },
		build: requirementsBuild,
	},
	'skill-badge': { component: 'skill-badge', forms: ['leaf', 'text'], schema: skillBadgeSchema },
	'player-lookup': { component: 'player-lookup', forms: ['leaf'], schema: playerLookupSchema },
	'guide-index': { component: 'guide-index', forms: ['leaf'], schema: guideIndexSchema, build: guideIndexBuild },
	gear: { forms: ['text', 'leaf'], schema: gameFactSchema, build: gearBuild },
	unlock: { forms: ['text', 'leaf'], schema: gameFactSchema, build: unlockBuild },
	'game-updates': { forms: ['leaf'], schema: gameUpdatesSchema, build: gameUpdatesBuild },
	'skill-overview': { component: 'skill-overview', forms: ['leaf'], schema: skillOverviewSchema, build: skillOverviewBuild },
}
