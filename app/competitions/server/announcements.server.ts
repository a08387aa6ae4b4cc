/**
 * The Discord producers: they find what is to be announced (`../announcements.ts`) and add it to
 * the outbox, keyed so that finding it again adds nothing. Competitions are looked at by the update
 * rounds' passes (competition-rounds.server.ts), groups by the outbox worker's.
 */
import { listRosterEvents } from '#app/groups/server/groups-store.server.ts'
import type { Database } from '#app/server/db/database.server.ts'
import type { QuestCape } from '#app/tracker/server/player-history.server.ts'
import {
	competitionAnnouncements,
	logAnnouncements,
	questCapeAnnouncements,
	rosterAnnouncements,
	type Announcement,
} from '../announcements.ts'
import { competitionEventsDue } from '../schedule.ts'
import type { WatchedCompetition } from './competition-rounds.server.ts'
import {
	activeWebhooksFor,
	enqueueDiscordEvent,
	listGroupWebhooks,
	listMemberLogEntries,
	listMemberQuestCompletions,
	outboxHas,
} from './competitions-store.server.ts'
import { readCompetitionWithStandings } from './standings.server.ts'

/** How far back a group's roster changes and log entries are looked at (a member's log arrives with their daily refresh). */
const GROUP_LOOKBACK_MS = 2 * 86_400_000
const ROSTER_KINDS = ['member-joined', 'member-left'] as const
const LOG_KINDS = ['milestone', 'log-match'] as const

/** `questCape`: the quest cape's rule (`questCapeRule` in app/server/player-services.server.ts); without it, no quest cape milestone. */
export function createAnnouncer(siteUrl: string, questCape?: QuestCape) {
	return {
		/** The competition's announcements due now, for its webhook and its group's. */
		async competition(db: Database, competition: WatchedCompetition, frozen: boolean, now: Date): Promise<void> {
			const due = competitionEventsDue(competition, now, frozen)
			if (due.length === 0) return
			const hooks = await activeWebhooksFor(db, competition)
			if (hooks.length === 0) return
			const ref = {
				title: competition.title,
				url: `${siteUrl}/competitions/${competition.id}`,
				startsAt: competition.startsAt.toISOString(),
				endsAt: competition.endsAt.toISOString(),
			}
			const pending: { webhookId: number; key: string; finished: boolean }[] = []
			for (const hook of hooks)
				for (const { key, event } of competitionAnnouncements(competition.id, ref, due, []))
					if (hook.events.includes(event.kind) && !(await outboxHas(db, hook.id, key)))
						pending.push({ webhookId: hook.id, key, finished: event.kind === 'competition-finished' })
			if (pending.length === 0) return
			// The standings are read only for a "finished" not announced yet.
			const top = pending.some((item) => item.finished) ? await topThree(db, competition.id) : []
			const events = new Map(competitionAnnouncements(competition.id, ref, due, top).map((item) => [item.key, item.event]))
			for (const item of pending)
				await enqueueDiscordEvent(db, { webhookId: item.webhookId, eventKey: item.key, event: events.get(item.key)! }, now)
		},

		/** Members who joined or left, milestones (the log's, and the quest cape from the tracker's quests) and matching drops and kills, for every group webhook wanting them. */
		async groups(db: Database, now: Date): Promise<void> {
			for (const hook of await listGroupWebhooks(db, [...ROSTER_KINDS, ...LOG_KINDS])) {
				const group = { name: hook.groupName, url: `${siteUrl}/groups/${hook.groupId}` }
				const since = new Date(Math.max(hook.createdAt.getTime(), now.getTime() - GROUP_LOOKBACK_MS))
				const found: Announcement[] = []
				if (ROSTER_KINDS.some((kind) => hook.events.includes(kind))) {
					const events = (await listRosterEvents(db, hook.groupId, 500)).filter((event) => event.at >= since).reverse()
					found.push(...rosterAnnouncements(hook.groupId, group, events))
				}
				if (LOG_KINDS.some((kind) => hook.events.includes(kind))) {
					const entries = await listMemberLogEntries(db, hook.groupId, since, ['level', 'xp-milestone', 'drop', 'boss-kill'])
					found.push(...logAnnouncements(hook.groupId, group, entries, hook.logMatches))
				}
				if (questCape && hook.events.includes('milestone')) {
					const members = await listMemberQuestCompletions(db, hook.groupId, since)
					found.push(...questCapeAnnouncements(hook.groupId, group, members, questCape, since))
				}
				for (const { key, event } of found)
					if (hook.events.includes(event.kind)) await enqueueDiscordEvent(db, { webhookId: hook.id, eventKey: key, event }, now)
			}
		},
	}
}

async function topThree(db: Database, id: number) {
	const read = await readCompetitionWithStandings(db, id)
	return (read?.standings ?? [])
		.filter((standing) => standing.score !== null && standing.rank !== null)
		.slice(0, 3)
		.map((standing) => ({ name: standing.name, score: standing.score! }))
}
