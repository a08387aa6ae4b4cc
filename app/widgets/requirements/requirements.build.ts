import type { WidgetBuild } from '../widget-build.ts'
import type { RequirementsProps, RequirementsQuestLink } from './requirements.schema.ts'

/** A hand-written requirement list gets a link (name, slug, wiki title) for each quest it names. */
export const requirementsBuild: WidgetBuild = {
	enrich(props: RequirementsProps, ctx) {
		for (const name of props.quests) {
			if (!ctx.resolveQuest(name)) ctx.fail(`unknown quest "${name}" (not in data/quests/)`)
		}
		if (!ctx.questSummary) return props
		const questLinks: RequirementsQuestLink[] = []
		for (const name of props.quests) {
			const target = ctx.questSummary(name)?.quests.at(-1)
			if (!target) continue
			questLinks.push({ name: target.name, slug: target.slug, ...(target.wikiTitle ? { wikiTitle: target.wikiTitle } : {}) })
		}
		return { ...props, questLinks }
	},
}
