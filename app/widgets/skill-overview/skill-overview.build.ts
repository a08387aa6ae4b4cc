import { SKILLS } from '#app/lib/skills.ts'
import type { WidgetBuild } from '../widget-build.ts'
import type { SkillOverviewProps, SkillOverviewSkill } from './skill-overview.schema.ts'

/**
 * The overview embeds one line per level band of every skill's levelling guide (data/skills/), so
 * the methods are written once, in the guides, and the page needs no extra request to show them.
 */
export const skillOverviewBuild: WidgetBuild = {
	enrich(props: SkillOverviewProps, ctx) {
		const guideOf = ctx.skillGuide
		if (!guideOf) return props
		const skills: SkillOverviewSkill[] = SKILLS.flatMap(({ name }) => {
			const guide = guideOf(name)
			if (!guide) {
				ctx.fail(`::skill-overview needs a levelling guide for ${name} (data/skills/${name}.yaml)`)
				return []
			}
			return [{ skill: name, ranges: guide.ranges.map(({ from, to, method }) => ({ from, to, method })) }]
		})
		return { ...props, skills }
	},
}
