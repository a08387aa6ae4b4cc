/**
 * Competitions' and the Discord outbox's queries: every read and write of their tables goes
 * through here. Functions take the database first and plain values, so the contract kit runs them
 * on PGlite and on PostgreSQL alike. Times are `Date`s supplied by the caller.
 */
import { alias } from 'drizzle-orm/pg-core'
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, max, or, sql } from 'drizzle-orm'
import type { Database } from '#app/server/db/database.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import { planBatches, type DeliveryOutcome, type DiscordEvent, type DiscordEventKind, type Webhook } from '../discord.ts'
import { metricName, parseMetric } from '../metrics.ts'
import type { CompetitionStatus } from '../schedule.ts'
import type { WeightedMetric } from '../scoring.ts'
import { questCompletions, trackedPlayers } from '#app/tracker/server/schema.ts'
import { groupMembers, groups, logEntryKinds } from '#app/groups/server/schema.ts'
import { competitionMetrics, competitionParticipants, competitionTeams, competitions, discordOutbox, discordWebhooks } from './schema.ts'

export type NewCompetition = {
	title: string
	startsAt: Date
	endsAt: Date
	groupId: number | null
	codeHash: string
	metrics: readonly WeightedMetric[]
	participants: readonly PlayerName[]
	/** Teams by participant key; every participant in one when there are teams. */
	teams: readonly { name: string; members: readonly string[] }[] | null
}

export async function createCompetition(db: Database, competition: NewCompetition, at: Date): Promise<number> {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(competitions)
			.values({
				title: competition.title,
				startsAt: competition.startsAt,
				endsAt: competition.endsAt,
				groupId: competition.groupId,
				codeHash: competition.codeHash,
				createdAt: at,
			})
			.returning({ id: competitions.id })
		const id = row!.id
		await tx.insert(competitionMetrics).values(
			competition.metrics.map(({ metric, weight }, position) => ({
				competitionId: id,
				position,
				metric: metricName(metric),
				weight,
			})),
		)
		const teamOf = new Map<string, number>()
		if (competition.teams) {
			await tx.insert(competitionTeams).values(
				competition.teams.map((team, position) => ({
					competitionId: id,
					position,
					name: team.name,
				})),
			)
			competition.teams.forEach((team, position) => team.members.forEach((key) => teamOf.set(key, position)))
		}
		if (competition.participants.length > 0)
			await tx.insert(competitionParticipants).values(
				competition.participants.map((player) => ({
					competitionId: id,
					playerKey: player.key,
					name: player.name,
					team: teamOf.get(player.key) ?? null,
				})),
			)
		return id
	})
}

/** The competition with its metrics, teams and participants (by key); never its code hash. */
export async function readCompetition(db: Database, id: number) {
	// Four queries at once (a server's pool runs them side by side): none found without the first.
	const [[row], metricRows, teamRows, participants] = await Promise.all([
		db.select().from(competitions).where(eq(competitions.id, id)),
		db.select().from(competitionMetrics).where(eq(competitionMetrics.competitionId, id)).orderBy(asc(competitionMetrics.position)),
		db.select().from(competitionTeams).where(eq(competitionTeams.competitionId, id)).orderBy(asc(competitionTeams.position)),
		db
			.select({
				key: competitionParticipants.playerKey,
				name: competitionParticipants.name,
				team: competitionParticipants.team,
			})
			.from(competitionParticipants)
			.where(eq(competitionParticipants.competitionId, id)),
	])
	if (!row) return null
	const { codeHash: _, ...competition } = row
	// Sorted here, by key: the engines' collations order names differently.
	participants.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
	const metrics: WeightedMetric[] = metricRows.map((stored) => {
		const parsed = parseMetric(stored.metric)
		if (!parsed.ok) throw new Error(`competition ${id}: stored metric "${stored.metric}" no longer parses`)
		return { metric: parsed.metric, weight: stored.weight }
	})
	const teams = teamRows.map((team) => ({
		name: team.name,
		members: participants.filter((participant) => participant.team === team.position).map((participant) => participant.key),
	}))
	return {
		...competition,
		metrics,
		teams,
		participants: participants.map(({ key, name }) => ({ key, name })),
	}
}

/** Where each status is at `now`. */
function statusWhere(status: CompetitionStatus, now: Date) {
	return {
		upcoming: gt(competitions.startsAt, now),
		ongoing: and(lte(competitions.startsAt, now), gt(competitions.endsAt, now)),
		finished: lte(competitions.endsAt, now),
	}[status]
}

/** `search` as an ILIKE pattern matching titles that contain it, in any case; undefined for no search. */
function titleMatches(search: string) {
	return search ? ilike(competitions.title, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined
}

/** What the lists and the rounds show of a competition. */
const summaryColumns = {
	id: competitions.id,
	title: competitions.title,
	startsAt: competitions.startsAt,
	endsAt: competitions.endsAt,
	groupId: competitions.groupId,
}

/**
 * Competitions of one status at `now` whose title contains `search` (any case), with their
 * participant counts: upcoming soonest first, the others latest first; `offset` for the next pages.
 */
export async function listCompetitions(
	db: Database,
	status: CompetitionStatus,
	now: Date,
	{ search = '', limit = 50, offset = 0 }: { search?: string; limit?: number; offset?: number } = {},
) {
	const order = status === 'upcoming' ? asc(competitions.startsAt) : desc(competitions.endsAt)
	return db
		.select({
			...summaryColumns,
			participants: count(competitionParticipants.playerKey),
		})
		.from(competitions)
		.leftJoin(competitionParticipants, eq(competitionParticipants.competitionId, competitions.id))
		.where(and(statusWhere(status, now), titleMatches(search)))
		.groupBy(competitions.id)
		.orderBy(order, asc(competitions.id))
		.limit(limit)
		.offset(offset)
}

/** How many competitions of each status at `now` have a title containing `search`. */
export async function countCompetitions(db: Database, now: Date, search = ''): Promise<Record<CompetitionStatus, number>> {
	const counted = (status: CompetitionStatus) => sql<number>`count(*) filter (where ${statusWhere(status, now)})`.mapWith(Number)
	const [row] = await db
		.select({ upcoming: counted('upcoming'), ongoing: counted('ongoing'), finished: counted('finished') })
		.from(competitions)
		.where(titleMatches(search))
	return row ?? { upcoming: 0, ongoing: 0, finished: 0 }
}

/** A group's competitions, the latest to end first (at most `limit`). */
export async function listGroupCompetitions(db: Database, groupId: number, limit = 20) {
	return db
		.select({ id: competitions.id, title: competitions.title, startsAt: competitions.startsAt, endsAt: competitions.endsAt })
		.from(competitions)
		.where(eq(competitions.groupId, groupId))
		.orderBy(desc(competitions.endsAt), desc(competitions.id))
		.limit(limit)
}

/** The stored hash of the competition's verification code; null when there is no such competition. */
export async function readCodeHash(db: Database, id: number): Promise<string | null> {
	const [row] = await db.select({ codeHash: competitions.codeHash }).from(competitions).where(eq(competitions.id, id))
	return row?.codeHash ?? null
}

export type CompetitionChange = Pick<NewCompetition, 'title' | 'startsAt' | 'endsAt' | 'metrics'>

/** Replaces the title, dates and metrics (participants and teams stay); false when there is no such competition. */
export async function updateCompetition(db: Database, id: number, change: CompetitionChange): Promise<boolean> {
	return db.transaction(async (tx) => {
		const updated = await tx
			.update(competitions)
			.set({ title: change.title, startsAt: change.startsAt, endsAt: change.endsAt })
			.where(eq(competitions.id, id))
			.returning({ id: competitions.id })
		if (updated.length === 0) return false
		await tx.delete(competitionMetrics).where(eq(competitionMetrics.competitionId, id))
		await tx.insert(competitionMetrics).values(
			change.metrics.map(({ metric, weight }, position) => ({
				competitionId: id,
				position,
				metric: metricName(metric),
				weight,
			})),
		)
		return true
	})
}

export async function deleteCompetition(db: Database, id: number): Promise<boolean> {
	const deleted = await db.delete(competitions).where(eq(competitions.id, id)).returning({ id: competitions.id })
	return deleted.length > 0
}

/**
 * A name change applied (the groups' name-change service calls this in its transaction, through
 * the hook `app/server/player-services.server.ts` wires): the old name's participant rows move to
 * the new name. Where the new name takes part already, the two rows become one (the new name's,
 * its team kept or else the old one's, the earlier start check, the later lease). The tracker's
 * histories are merged in the same transaction, so the standings keep the whole history.
 */
export async function renameInCompetitions(tx: Database, from: PlayerName, to: PlayerName): Promise<void> {
	if (from.key === to.key) {
		await tx.update(competitionParticipants).set({ name: to.name }).where(eq(competitionParticipants.playerKey, to.key))
		return
	}
	const old = alias(competitionParticipants, 'old_participant')
	await tx
		.update(competitionParticipants)
		.set({
			name: to.name,
			team: sql`coalesce(${competitionParticipants.team}, ${old.team})`,
			startCheckedAt: sql`least(${competitionParticipants.startCheckedAt}, ${old.startCheckedAt})`,
			claimedUntil: sql`greatest(${competitionParticipants.claimedUntil}, ${old.claimedUntil})`,
		})
		.from(old)
		.where(
			and(
				eq(competitionParticipants.playerKey, to.key),
				eq(old.competitionId, competitionParticipants.competitionId),
				eq(old.playerKey, from.key),
			),
		)
	const both = tx
		.select({ id: competitionParticipants.competitionId })
		.from(competitionParticipants)
		.where(eq(competitionParticipants.playerKey, to.key))
	await tx
		.delete(competitionParticipants)
		.where(and(eq(competitionParticipants.playerKey, from.key), inArray(competitionParticipants.competitionId, both)))
	await tx.update(competitionParticipants).set({ playerKey: to.key, name: to.name }).where(eq(competitionParticipants.playerKey, from.key))
}

// Update rounds (competition-rounds.server.ts).

const DAY = 86_400_000

/**
 * The competitions a round or an announcement may concern at `now`: not frozen and starting
 * within a day (or started), or frozen within the last day ("finished" is announced then).
 */
export async function listCompetitionsToWatch(db: Database, now: Date) {
	return db
		.select({
			...summaryColumns,
			frozenAt: competitions.frozenAt,
		})
		.from(competitions)
		.where(
			or(
				and(isNull(competitions.frozenAt), lte(competitions.startsAt, new Date(now.getTime() + DAY))),
				gte(competitions.frozenAt, new Date(now.getTime() - DAY)),
			),
		)
		.orderBy(asc(competitions.startsAt), asc(competitions.id))
}

/** Each participant with the tracker's last check (null: never tracked), their start check and the round's lease. */
export async function readParticipantChecks(db: Database, competitionId: number) {
	return db
		.select({
			key: competitionParticipants.playerKey,
			name: competitionParticipants.name,
			lastCheckedAt: trackedPlayers.lastCheckedAt,
			startCheckedAt: competitionParticipants.startCheckedAt,
			claimedUntil: competitionParticipants.claimedUntil,
		})
		.from(competitionParticipants)
		.leftJoin(trackedPlayers, eq(trackedPlayers.key, competitionParticipants.playerKey))
		.where(eq(competitionParticipants.competitionId, competitionId))
		.orderBy(asc(competitionParticipants.playerKey))
}

/** Notes, for each participant without one yet, a tracker check at or after the start (whoever made it). */
export async function noteStartChecks(db: Database, competitionId: number, startsAt: Date): Promise<number> {
	const noted = await db
		.update(competitionParticipants)
		.set({ startCheckedAt: sql`${trackedPlayers.lastCheckedAt}` })
		.from(trackedPlayers)
		.where(
			and(
				eq(competitionParticipants.competitionId, competitionId),
				isNull(competitionParticipants.startCheckedAt),
				eq(trackedPlayers.key, competitionParticipants.playerKey),
				gte(trackedPlayers.lastCheckedAt, startsAt),
			),
		)
		.returning({ key: competitionParticipants.playerKey })
	return noted.length
}

/** The participants' start checks, by key (absent: none yet). */
export async function readStartChecks(db: Database, competitionId: number): Promise<Map<string, Date>> {
	const rows = await db
		.select({ key: competitionParticipants.playerKey, at: competitionParticipants.startCheckedAt })
		.from(competitionParticipants)
		.where(and(eq(competitionParticipants.competitionId, competitionId), sql`${competitionParticipants.startCheckedAt} is not null`))
	return new Map(rows.map((row) => [row.key, row.at!]))
}

/**
 * Takes the lease on one participant for `leaseMs` (an update round's, or a manual update's);
 * false when another holds it. A lease taken before `roundStart` (the end, for the final round)
 * no longer holds. With `notCheckedSince`, false too when the tracker checked the player since
 * then (whoever fetched them).
 */
export async function claimParticipant(
	db: Database,
	competitionId: number,
	key: string,
	claim: { now: Date; leaseMs: number; roundStart?: Date; notCheckedSince?: Date },
): Promise<boolean> {
	const lease = or(
		isNull(competitionParticipants.claimedUntil),
		lte(competitionParticipants.claimedUntil, claim.now),
		claim.roundStart && lt(competitionParticipants.claimedUntil, new Date(claim.roundStart.getTime() + claim.leaseMs)),
	)
	const stale =
		claim.notCheckedSince &&
		sql`not exists (select 1 from ${trackedPlayers} where ${trackedPlayers.key} = ${competitionParticipants.playerKey} and ${trackedPlayers.lastCheckedAt} >= ${claim.notCheckedSince.toISOString()}::timestamptz)`
	const rows = await db
		.update(competitionParticipants)
		.set({ claimedUntil: new Date(claim.now.getTime() + claim.leaseMs) })
		.where(and(eq(competitionParticipants.competitionId, competitionId), eq(competitionParticipants.playerKey, key), lease, stale))
		.returning({ key: competitionParticipants.playerKey })
	return rows.length > 0
}

/** Freezes the standings once; false when they already were. */
export async function freezeCompetition(db: Database, id: number, at: Date): Promise<boolean> {
	const rows = await db
		.update(competitions)
		.set({ frozenAt: at })
		.where(and(eq(competitions.id, id), isNull(competitions.frozenAt)))
		.returning({ id: competitions.id })
	return rows.length > 0
}

// Discord webhooks and the outbox.

export type WebhookOwner = { groupId: number } | { competitionId: number }

/** Sets (or replaces) the owner's webhook and the events it gets; a replaced one is switched on again. */
export async function setWebhook(
	db: Database,
	owner: WebhookOwner,
	webhook: Webhook,
	events: readonly DiscordEventKind[],
	at: Date,
	logMatches: readonly string[] = [],
): Promise<number> {
	const ownerColumns = 'groupId' in owner ? { groupId: owner.groupId } : { competitionId: owner.competitionId }
	const fresh = {
		discordId: webhook.id,
		token: webhook.token,
		events: [...events],
		logMatches: [...logMatches],
		createdAt: at,
		disabledAt: null,
		disabledReason: null,
		blockedUntil: null,
	}
	const [row] = await db
		.insert(discordWebhooks)
		.values({ ...ownerColumns, ...fresh })
		.onConflictDoUpdate({
			target: 'groupId' in owner ? discordWebhooks.groupId : discordWebhooks.competitionId,
			set: fresh,
		})
		.returning({ id: discordWebhooks.id })
	return row!.id
}

/** Removes the owner's webhook, and with it (cascade) its outbox: what was not sent yet is dropped. False when it had none. */
export async function deleteWebhook(db: Database, owner: WebhookOwner): Promise<boolean> {
	const deleted = await db
		.delete(discordWebhooks)
		.where('groupId' in owner ? eq(discordWebhooks.groupId, owner.groupId) : eq(discordWebhooks.competitionId, owner.competitionId))
		.returning({ id: discordWebhooks.id })
	return deleted.length > 0
}

/** The switched-on webhooks that hear of a competition: its own and its group's. */
export async function activeWebhooksFor(db: Database, competition: { id: number; groupId: number | null }) {
	const owner =
		competition.groupId === null
			? eq(discordWebhooks.competitionId, competition.id)
			: or(eq(discordWebhooks.competitionId, competition.id), eq(discordWebhooks.groupId, competition.groupId))
	return db
		.select({ id: discordWebhooks.id, events: discordWebhooks.events })
		.from(discordWebhooks)
		.where(and(owner, isNull(discordWebhooks.disabledAt)))
		.orderBy(asc(discordWebhooks.id))
}

/** Whether the event was already added for the webhook (sent or not). */
export async function outboxHas(db: Database, webhookId: number, eventKey: string): Promise<boolean> {
	const rows = await db
		.select({ id: discordOutbox.id })
		.from(discordOutbox)
		.where(and(eq(discordOutbox.webhookId, webhookId), eq(discordOutbox.eventKey, eventKey)))
	return rows.length > 0
}

/** Groups' switched-on webhooks wanting any of `kinds`, with the group's name and list of log names. */
export async function listGroupWebhooks(db: Database, kinds: readonly DiscordEventKind[]) {
	return db
		.select({
			id: discordWebhooks.id,
			groupId: groups.id,
			groupName: groups.name,
			events: discordWebhooks.events,
			logMatches: discordWebhooks.logMatches,
			createdAt: discordWebhooks.createdAt,
		})
		.from(discordWebhooks)
		.innerJoin(groups, eq(groups.id, discordWebhooks.groupId))
		.where(and(isNull(discordWebhooks.disabledAt), sql`${discordWebhooks.events} && ${sql.param([...kinds])}::text[]`))
		.orderBy(asc(discordWebhooks.id))
}

/** A group's members' classified log entries of `kinds` dated from `since`, oldest first. */
export async function listMemberLogEntries(db: Database, groupId: number, since: Date, kinds: readonly string[]) {
	return db
		.select({
			playerKey: groupMembers.playerKey,
			name: groupMembers.name,
			occurredAt: logEntryKinds.occurredAt,
			kind: logEntryKinds.kind,
			skill: logEntryKinds.skill,
			subject: logEntryKinds.subject,
			amount: logEntryKinds.amount,
		})
		.from(groupMembers)
		.innerJoin(trackedPlayers, eq(trackedPlayers.key, groupMembers.playerKey))
		.innerJoin(logEntryKinds, eq(logEntryKinds.playerId, trackedPlayers.id))
		.where(
			and(
				eq(groupMembers.groupId, groupId),
				gte(logEntryKinds.occurredAt, since),
				inArray(logEntryKinds.kind, kinds as (typeof logEntryKinds.kind.enumValues)[number][]),
			),
		)
		.orderBy(asc(logEntryKinds.occurredAt), asc(logEntryKinds.text))
}

/**
 * The group's members with a quest completed from `since` (the candidates for the quest cape
 * milestone), each with every quest completion the tracker keeps (null: done before tracking).
 */
export async function listMemberQuestCompletions(db: Database, groupId: number, since: Date) {
	const recent = db.select({ playerId: questCompletions.playerId }).from(questCompletions).where(gte(questCompletions.completedAt, since))
	const rows = await db
		.select({
			playerKey: groupMembers.playerKey,
			name: groupMembers.name,
			title: questCompletions.title,
			completedAt: questCompletions.completedAt,
		})
		.from(groupMembers)
		.innerJoin(trackedPlayers, eq(trackedPlayers.key, groupMembers.playerKey))
		.innerJoin(questCompletions, eq(questCompletions.playerId, trackedPlayers.id))
		.where(and(eq(groupMembers.groupId, groupId), inArray(trackedPlayers.id, recent)))
		.orderBy(asc(groupMembers.playerKey), asc(questCompletions.title))
	const members = new Map<string, { playerKey: string; name: string; completions: { title: string; completedAt: Date | null }[] }>()
	for (const { playerKey, name, title, completedAt } of rows) {
		const member = members.get(playerKey) ?? { playerKey, name, completions: [] }
		member.completions.push({ title, completedAt })
		members.set(playerKey, member)
	}
	return [...members.values()]
}

/** What the group or competition page shows: the events chosen, and whether it was switched off (never the token). */
export async function readWebhookState(db: Database, owner: WebhookOwner) {
	const [row] = await db
		.select({
			id: discordWebhooks.id,
			events: discordWebhooks.events,
			logMatches: discordWebhooks.logMatches,
			disabledAt: discordWebhooks.disabledAt,
			disabledReason: discordWebhooks.disabledReason,
		})
		.from(discordWebhooks)
		.where('groupId' in owner ? eq(discordWebhooks.groupId, owner.groupId) : eq(discordWebhooks.competitionId, owner.competitionId))
	return row ?? null
}

/**
 * Adds an event for a webhook, once: false when the key is already there (another instance added
 * it), the webhook is switched off, or it does not want that kind.
 */
export async function enqueueDiscordEvent(
	db: Database,
	item: { webhookId: number; eventKey: string; event: DiscordEvent },
	at: Date,
): Promise<boolean> {
	const [webhook] = await db
		.select({ events: discordWebhooks.events, disabledAt: discordWebhooks.disabledAt })
		.from(discordWebhooks)
		.where(eq(discordWebhooks.id, item.webhookId))
	if (!webhook || webhook.disabledAt || !webhook.events.includes(item.event.kind)) return false
	const inserted = await db
		.insert(discordOutbox)
		.values({
			webhookId: item.webhookId,
			eventKey: item.eventKey,
			kind: item.event.kind,
			event: item.event,
			createdAt: at,
			nextAttemptAt: at,
		})
		.onConflictDoNothing({ target: [discordOutbox.webhookId, discordOutbox.eventKey] })
		.returning({ id: discordOutbox.id })
	return inserted.length > 0
}

export type ClaimedBatch = {
	webhookId: number
	webhook: Webhook
	kind: DiscordEventKind
	/** The attempt this post is (1 for the first). */
	attempt: number
	eventIds: number[]
	events: DiscordEvent[]
}

const MINUTE = 60_000

/**
 * The messages this instance may post now (`planBatches`: one per webhook and kind a minute),
 * claimed for `leaseMs`: an event another instance holds is not in them, and an event claimed
 * here is in no other instance's until the lease ends or the delivery is recorded.
 */
export async function claimDiscordBatches(db: Database, now: Date, leaseMs: number): Promise<ClaimedBatch[]> {
	const pending = await db
		.select({
			id: discordOutbox.id,
			webhookId: discordOutbox.webhookId,
			kind: discordOutbox.kind,
			createdAt: discordOutbox.createdAt,
		})
		.from(discordOutbox)
		.innerJoin(discordWebhooks, eq(discordWebhooks.id, discordOutbox.webhookId))
		.where(
			and(
				isNull(discordOutbox.sentAt),
				isNull(discordOutbox.failedReason),
				lte(discordOutbox.nextAttemptAt, now),
				or(isNull(discordOutbox.claimedUntil), lte(discordOutbox.claimedUntil, now)),
				isNull(discordWebhooks.disabledAt),
				or(isNull(discordWebhooks.blockedUntil), lte(discordWebhooks.blockedUntil, now)),
			),
		)
		.orderBy(asc(discordOutbox.createdAt), asc(discordOutbox.id))
		.limit(1000)
	if (pending.length === 0) return []
	const webhookIds = [...new Set(pending.map((row) => row.webhookId))]
	const recent = await db
		.select({
			webhookId: discordOutbox.webhookId,
			kind: discordOutbox.kind,
			sentAt: max(discordOutbox.sentAt),
		})
		.from(discordOutbox)
		.where(and(inArray(discordOutbox.webhookId, webhookIds), gte(discordOutbox.sentAt, new Date(now.getTime() - MINUTE))))
		.groupBy(discordOutbox.webhookId, discordOutbox.kind)
	const lastSentAt = new Map(recent.map((row) => [`${row.webhookId} ${row.kind}`, row.sentAt!]))
	const batches = planBatches({
		pending: pending.map((row) => ({
			...row,
			id: String(row.id),
			webhookId: String(row.webhookId),
		})),
		lastSentAt,
		blockedUntil: new Map(),
		now,
	})
	const claimed: ClaimedBatch[] = []
	for (const batch of batches) {
		const ids = batch.eventIds.map(Number)
		// One statement: of two instances claiming the same rows, the second sees them taken.
		const rows = await db
			.update(discordOutbox)
			.set({ claimedUntil: new Date(now.getTime() + leaseMs) })
			.where(
				and(
					inArray(discordOutbox.id, ids),
					isNull(discordOutbox.sentAt),
					or(isNull(discordOutbox.claimedUntil), lte(discordOutbox.claimedUntil, now)),
				),
			)
			.returning({
				id: discordOutbox.id,
				attempts: discordOutbox.attempts,
				event: discordOutbox.event,
			})
		if (rows.length === 0) continue
		rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
		const [webhook] = await db
			.select({ discordId: discordWebhooks.discordId, token: discordWebhooks.token })
			.from(discordWebhooks)
			.where(eq(discordWebhooks.id, Number(batch.webhookId)))
		if (!webhook) continue
		claimed.push({
			webhookId: Number(batch.webhookId),
			webhook: { id: webhook.discordId, token: webhook.token },
			kind: batch.kind,
			attempt: Math.max(...rows.map((row) => row.attempts)) + 1,
			eventIds: rows.map((row) => row.id),
			events: rows.map((row) => row.event as DiscordEvent),
		})
	}
	return claimed
}

/** Records what Discord answered for a claimed batch (`postDiscordMessage`'s outcome). */
export async function recordDelivery(
	db: Database,
	batch: Pick<ClaimedBatch, 'webhookId' | 'eventIds'>,
	outcome: DeliveryOutcome,
	at: Date,
): Promise<void> {
	const events = inArray(discordOutbox.id, batch.eventIds)
	const webhook = eq(discordWebhooks.id, batch.webhookId)
	await db.transaction(async (tx) => {
		switch (outcome.outcome) {
			case 'sent':
				await tx.update(discordOutbox).set({ sentAt: at, claimedUntil: null }).where(events)
				return
			case 'retry': {
				const until = new Date(at.getTime() + outcome.afterMs)
				await tx
					.update(discordOutbox)
					.set({
						attempts: sql`${discordOutbox.attempts} + 1`,
						nextAttemptAt: until,
						claimedUntil: null,
					})
					.where(events)
				// Discord's wait (or our backoff) holds for everything posted to that webhook.
				await tx.update(discordWebhooks).set({ blockedUntil: until }).where(webhook)
				return
			}
			case 'disable':
				await tx
					.update(discordWebhooks)
					.set({ disabledAt: at, disabledReason: outcome.reason })
					.where(and(webhook, isNull(discordWebhooks.disabledAt)))
				await tx.update(discordOutbox).set({ failedReason: outcome.reason, claimedUntil: null }).where(events)
				return
			case 'failed':
				await tx.update(discordOutbox).set({ failedReason: outcome.reason, claimedUntil: null }).where(events)
				return
		}
	})
}
