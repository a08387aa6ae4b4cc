import type { Parent, PhrasingContent, RootContent } from 'mdast'
import type { GameFacts } from '#app/lib/game-facts/schema.ts'
import type { CompiledPage, NavEntry } from '#app/lib/content/page-types.ts'
import type { RequirementSummary } from '#app/quests/requirements.ts'
import type { SkillGuide } from '#app/skill-guides/schema.ts'

/**
 * The build-time half of a widget (`<name>.build.ts`), run by the content build for each use of
 * the widget. Only scripts import these files: they never reach the browser.
 */

/** Files under public/, which widgets refer to by URL path (`/images/a.svg`). */
export type PublicFiles = {
	/** Width and height of an image, or undefined when there is no such image. */
	imageSize: (src: string) => { width: number; height: number } | undefined
	exists: (src: string) => boolean
	/** A text file's contents, or undefined when there is no such file. */
	readText: (src: string) => string | undefined
}

/** A quest's precomputed requirements by name or alias; undefined for an unknown quest. */
export type QuestSummaryLookup = (name: string) => RequirementSummary | undefined

/** A skill's levelling guide from data/skills/ (`mining`, `overall`); undefined when there is none. */
export type SkillGuideLookup = (skill: string) => SkillGuide | undefined

type Positioned = { position?: { start: { line: number } } }

/** What a widget's build step may know and do while its page compiles. */
export type WidgetBuildContext = {
	/** The page's file (`content/setup/intro.md`) and URL path. */
	file: string
	path: string
	publicFiles: PublicFiles
	/** Canonical quest name for a name or alias, or undefined. */
	resolveQuest: (name: string) => string | undefined
	/** A quest's precomputed requirements (absent in unit tests that need no quest data). */
	questSummary?: QuestSummaryLookup
	/** The levelling guides (absent in unit tests that need none). */
	skillGuide?: SkillGuideLookup
	/** The game facts of data/game/ and data/game-updates.yaml (absent in unit tests that need none). */
	gameFacts?: GameFacts
	/** Records a topic the page cites (`gear:subjugation-armour`): the stale-page rule reads them. */
	cite: (topic: string) => void
	/** A container's markdown content, its `[label]` and yaml fence already taken out. */
	children: RootContent[]
	/** The node the directive sits in. */
	parent: Parent | undefined
	/** The text of the nearest heading above the widget, if any. */
	heading?: string
	/** Records a problem at the directive's line, or at `node`'s line when given. */
	fail: (reason: string, node?: Positioned) => void
}

/** What a widget's second pass may know: the whole site, once every page is compiled. */
export type SiteContext = {
	/** The navigation entry of the page the widget is on. */
	entry: NavEntry
	pageAt: (path: string) => CompiledPage | undefined
	fail: (reason: string) => void
}

export type WidgetBuild = {
	/** Reads a container's markdown into props before the schema checks them (list ids, tab labels). */
	collect?: (props: Record<string, unknown>, ctx: WidgetBuildContext) => void
	/** Checks and enriches the validated props: what it returns is what the component gets. */
	enrich?: (props: never, ctx: WidgetBuildContext) => Record<string, unknown>
	/**
	 * Renders the widget at build time into plain markdown that takes its place: no component and no
	 * JavaScript (a game fact's name and levels, the list of game updates).
	 */
	expand?: (props: never, ctx: WidgetBuildContext) => RootContent[] | PhrasingContent[]
	/** Runs once every page is compiled, for widgets that list other pages. */
	finish?: (props: never, site: SiteContext) => Record<string, unknown>
}
