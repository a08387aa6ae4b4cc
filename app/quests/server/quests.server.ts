import { redirect } from 'react-router'
import catalogueJson from '#app/generated/quests/catalogue.json' with { type: 'json' }
import questGuidesJson from '#app/generated/quest-guides.json' with { type: 'json' }
import type { QuestCatalogueEntry, QuestPageData } from '#app/quests/artifacts.ts'
import type { QuestListEntry } from '#app/quests/catalogue-query.ts'
import { difficultyLabel, questPath } from '#app/quests/names.ts'
import { getEnv } from '#app/server/env.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { notFound } from '#app/server/not-found.server.ts'
import plannerJson from '#app/generated/planner.json' with { type: 'json' }
import type { PlannerData } from '#app/planner/data.ts'

const catalogue = catalogueJson as QuestCatalogueEntry[]
// Quest slug → our guide for that quest (front matter `quests:` of a content page).
const questGuides = questGuidesJson as Record<string, { path: string; title: string } | undefined>
const slugs = new Set(catalogue.map((q) => q.slug))

// One lazily imported module per quest page: the server loads only the quest it renders.
const pageModules = import.meta.glob<QuestPageData>(
	['../../generated/quests/*.json', '!../../generated/quests/{catalogue,names,points}.json'],
	{ import: 'default' },
)

let list: QuestListEntry[] | undefined

/** The planner's unlock presets by the quest that grants them: "Prifddinas" (and "Prif") for Plague's End. */
function unlockNamesByQuest(): Map<string, string[]> {
	const names = new Map<string, string[]>()
	for (const preset of (plannerJson as PlannerData).presets) {
		if (preset.kind !== 'unlock') continue
		names.set(preset.quest, [...(names.get(preset.quest) ?? []), preset.label, ...(preset.aliases ?? [])])
	}
	return names
}

/**
 * Every quest, without the fields the list does not show (the chain's combined levels), with the
 * names of what it unlocks, so the list finds a quest by them.
 */
export function getQuestList(): QuestListEntry[] {
	if (!list) {
		const unlocks = unlockNamesByQuest()
		list = catalogue.map(({ totalSkills: _omit, ...entry }) => {
			const unlockNames = unlocks.get(entry.name)
			return unlockNames ? { ...entry, unlockNames } : entry
		})
	}
	return list
}

export async function getQuestPage(slug: string) {
	if (slug !== slug.toLowerCase()) throw redirect(questPath(slug.toLowerCase()), 301)
	const load = slugs.has(slug) ? pageModules[`../../generated/quests/${slug}.json`] : undefined
	if (!load) notFound(questPath(slug))
	const page = await load()
	return { ...page, guide: questGuides[slug] ?? null, canonical: `${getEnv().SITE_URL}/quests/${slug}` }
}

/** A one-sentence summary for search engines, written from the data. */
export function questDescription(page: QuestPageData): string {
	const { quest, summary, unlocks } = page
	const kind = quest.members ? 'members' : 'free-to-play'
	const difficulty = difficultyLabel(quest.difficulty)
	const article = /^[AEIOU]/.test(difficulty) ? 'an' : 'a'
	const before = summary.quests.slice(0, -1).filter((s) => !s.partial).length
	const parts = [
		`${quest.name}: ${article} ${difficulty} ${kind} quest worth ${quest.questPoints} quest point${quest.questPoints === 1 ? '' : 's'}.`,
		before > 0 ? `See the ${before} quest${before === 1 ? '' : 's'} to finish first, the levels it needs` : 'See the levels it needs',
		unlocks.length > 0 ? 'and the quests it unlocks.' : 'and check them against your account.',
	]
	return parts.join(' ')
}

export const questHeaders = { 'Cache-Control': CACHE_CONTROL.page }
