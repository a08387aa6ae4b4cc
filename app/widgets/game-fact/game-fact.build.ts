import type { PhrasingContent } from 'mdast'
import type { TextDirective } from 'mdast-util-directive'
import type { GameFacts, LevelRequirement } from '#app/lib/game-facts/schema.ts'
import { skillLabel } from '#app/lib/skills.ts'
import type { WidgetBuild, WidgetBuildContext } from '../widget-build.ts'
import type { GameFactProps } from './game-fact.schema.ts'

const badge = ({ skill, level }: LevelRequirement): TextDirective => ({
	type: 'textDirective',
	name: 'skill-badge',
	attributes: { skill, level: String(level) },
	children: [],
})

/** Skill badges separated by spaces: `70 Defence 70 Magic`. */
function badges(levels: LevelRequirement[]): PhrasingContent[] {
	return levels.flatMap((requirement, i) => (i === 0 ? [badge(requirement)] : [{ type: 'text', value: ' ' } as const, badge(requirement)]))
}

type Entry = { id: string; name: string; levels: LevelRequirement[]; oneOf?: { level: number; skills: string[] } }

function expandFact(kind: 'gear' | 'unlock', list: (facts: GameFacts) => Entry[]): WidgetBuild {
	const file = kind === 'gear' ? 'data/game/gear.yaml' : 'data/game/unlocks.yaml'
	return {
		expand(props: GameFactProps, ctx: WidgetBuildContext) {
			if (!ctx.gameFacts) {
				ctx.fail(`:${kind} needs the game facts (data/game/)`)
				return []
			}
			const entry = list(ctx.gameFacts).find((e) => e.id === props.id)
			if (!entry) {
				const known = list(ctx.gameFacts).map((e) => e.id)
				ctx.fail(`no ${kind} "${props.id}" in ${file} (known: ${known.join(', ')})`)
				return []
			}
			ctx.cite(`${kind}:${entry.id}`)
			const levels: PhrasingContent[] = badges(entry.levels)
			if (entry.oneOf) {
				const skills = entry.oneOf.skills.map(skillLabel)
				const text = `level ${entry.oneOf.level} in one of ${skills.slice(0, -1).join(', ')} or ${skills.at(-1)}`
				levels.push({ type: 'text', value: levels.length ? `, and ${text}` : text })
			}
			if (props.show === 'levels') return levels
			if (props.show === 'name' || levels.length === 0) return [{ type: 'text', value: entry.name }]
			return [{ type: 'text', value: `${entry.name} ` }, ...levels]
		},
	}
}

export const gearBuild = expandFact('gear', (facts) => facts.gear)
export const unlockBuild = expandFact('unlock', (facts) => facts.unlocks)
