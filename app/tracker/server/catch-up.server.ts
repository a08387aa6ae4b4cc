import changes from '#app/generated/catch-up.json' with { type: 'json' }
import questNames from '#app/generated/quests/names.json' with { type: 'json' }
import questPoints from '#app/generated/quests/points.json' with { type: 'json' }
import { type QuestNameMap, type QuestPointsMap, resolveQuestName } from '#app/quests/artifacts.ts'
import { type CatchUp, dayAfter, pagesSince, type QuestInfo, questsSince, type SiteChanges, updatesSince } from '#app/tracker/catch-up.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'
import type { PlayerHistory } from './player-history.server.ts'
import { questPath } from '#app/quests/names.ts'

const site = changes as SiteChanges

const questInfo: QuestInfo = (title) => {
	const quest = resolveQuestName(questNames as QuestNameMap, title)
	return quest ? { path: questPath(quest.slug), questPoints: (questPoints as QuestPointsMap)[quest.name] ?? 0 } : undefined
}

/**
 * A tracked player's catch-up since `since` (a UTC day), or, without one, since the day of their
 * last snapshot before `today`. Null before the player's first snapshot.
 */
export async function catchUpFor(history: PlayerHistory, since: string | null, today: string): Promise<CatchUp | null> {
	const summary = await history.summary()
	if (!summary) return null
	let from = since
	if (from === null) {
		const yesterday = utcDay(Date.parse(`${today}T00:00:00Z`) - 1)
		const last = await history.snapshots({ from: null, to: yesterday, limit: 1 })
		const takenAt = last.snapshots[0]?.takenAt
		from = takenAt ? utcDay(takenAt) : null
	}
	const base = { name: summary.name, today, since: from, trackedSince: summary.trackedSince }
	if (from === null) {
		return {
			...base,
			sinceFrom: 'none',
			compared: { from: null, to: null },
			xp: { gained: 0, levelsGained: 0, skills: [] },
			quests: [],
			updates: [],
			pages: [],
		}
	}
	const [gains, timeline] = await Promise.all([history.gains({ from: dayAfter(from), to: today }), history.questTimeline()])
	return {
		...base,
		sinceFrom: since === null ? 'last-snapshot' : 'visit',
		compared: { from: gains.start, to: gains.end },
		xp: {
			gained: gains.total.xpGained,
			levelsGained: gains.total.levelsGained,
			skills: gains.skills.filter((s) => s.xpGained > 0).map(({ skill, xpGained, levelsGained }) => ({ skill, xpGained, levelsGained })),
		},
		quests: questsSince(timeline.quests, from, questInfo),
		updates: updatesSince(site.updates, from),
		pages: pagesSince(site.pages, site.updates, from),
	}
}
