// One behaviour suite for competitions' storage and the Discord outbox, run on PGlite (always) and
// on PostgreSQL (when npm test or CI started one): competitions-store.pglite.test.ts and
// competitions-store.postgres.test.ts.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { classifyPlayerLog, createGroup, deleteGroup } from '#app/groups/server/groups-store.server.ts'
import { mergePlayers } from '#app/tracker/server/merge-store.server.ts'
import { findPlayer, recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { applyNameChange } from '#app/groups/server/name-changes-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import type { DiscordEvent } from '../discord.ts'
import { parseCompetitionInput } from '../competition-input.ts'
import {
	activeWebhooksFor,
	claimParticipant,
	freezeCompetition,
	listCompetitionsToWatch,
	listGroupWebhooks,
	listMemberLogEntries,
	noteStartChecks,
	outboxHas,
	readParticipantChecks,
	readStartChecks,
	claimDiscordBatches,
	createCompetition,
	deleteCompetition,
	deleteWebhook,
	enqueueDiscordEvent,
	countCompetitions,
	listCompetitions,
	listGroupCompetitions,
	readCodeHash,
	readCompetition,
	readWebhookState,
	recordDelivery,
	renameInCompetitions,
	setWebhook,
	updateCompetition,
	type NewCompetition,
} from './competitions-store.server.ts'
import { keepStandings } from './kept-standings.server.ts'
import { competitionParticipants } from './schema.ts'

const TABLES = [
	'name_changes',
	'tracked_players',
	'discord_outbox',
	'discord_webhooks',
	'competition_participants',
	'competition_teams',
	'competition_metrics',
	'competitions',
	'group_members',
	'groups',
]
const at = (iso: string) => new Date(iso)

function newCompetition(patch: Record<string, unknown> = {}): NewCompetition {
	const parsed = parseCompetitionInput({
		title: 'Skill of the week',
		startsAt: '2026-12-01T18:00:00Z',
		endsAt: '2026-12-08T18:00:00Z',
		metrics: [{ metric: 'magic+ranged' }, { metric: 'kills:Amascuts', weight: 2.5 }],
		participants: ['Zezima', 'Anna', 'le_me'],
		...patch,
	})
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
	const { teams, participants, groupId, ...rest } = parsed.competition
	return {
		...rest,
		groupId: groupId ?? null,
		codeHash: 'hash',
		participants: participants ?? teams?.flatMap((team) => team.participants) ?? [],
		teams: teams?.map((team) => ({ name: team.name, members: team.participants.map((p) => p.key) })) ?? null,
	}
}

const clan = { name: 'Some Clan', url: 'https://guide.example/groups/1' }
const joined = (player: string): DiscordEvent => ({ kind: 'member-joined', group: clan, player })
const webhook = { id: '123456789012345678', token: 'secret-token' }

export function describeCompetitionsStoreContract(engine: string, openEmpty: () => Promise<DatabaseHandle>) {
	describe(`competitions storage on ${engine}`, () => {
		let handle: DatabaseHandle
		beforeAll(async () => {
			handle = await openEmpty()
			await handle.migrate()
		}, 240_000)
		afterAll(async () => {
			await handle?.close()
		})
		beforeEach(async () => {
			await handle.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`))
		})
		const db = () => handle.db

		test('a competition is stored with its metrics, weights, teams and participants, never its code hash', async () => {
			const id = await createCompetition(
				db(),
				newCompetition({
					teams: [
						{ name: 'Red', participants: ['Zezima', 'le_me'] },
						{ name: 'Blue', participants: ['Anna'] },
					],
				}),
				at('2026-11-28T10:00:00Z'),
			)
			const competition = await readCompetition(db(), id)
			expect(competition).toMatchObject({
				id,
				title: 'Skill of the week',
				startsAt: at('2026-12-01T18:00:00Z'),
				endsAt: at('2026-12-08T18:00:00Z'),
				groupId: null,
				frozenAt: null,
				metrics: [
					{ metric: { kind: 'xp', skills: ['magic', 'ranged'] }, weight: 1 },
					{ metric: { kind: 'kills', boss: 'amascuts' }, weight: 2.5 },
				],
				teams: [
					{ name: 'Red', members: ['le me', 'zezima'] },
					{ name: 'Blue', members: ['anna'] },
				],
				participants: [
					{ key: 'anna', name: 'Anna' },
					{ key: 'le me', name: 'le me' },
					{ key: 'zezima', name: 'Zezima' },
				],
			})
			expect(competition).not.toHaveProperty('codeHash')
			expect(await readCompetition(db(), 999)).toBeNull()
		})

		test('its code hash is read on its own; an update replaces title, dates and metrics, keeping participants', async () => {
			const id = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			expect(await readCodeHash(db(), id)).toBe('hash')
			expect(await readCodeHash(db(), id + 1)).toBeNull()
			const change = newCompetition({
				title: 'Ranged week',
				startsAt: '2026-12-02T18:00:00Z',
				endsAt: '2026-12-04T18:00:00Z',
				metrics: [{ metric: 'ranged', weight: 3 }],
			})
			expect(await updateCompetition(db(), id, change)).toBe(true)
			expect(await updateCompetition(db(), id + 1, change)).toBe(false)
			expect(await readCompetition(db(), id)).toMatchObject({
				title: 'Ranged week',
				startsAt: at('2026-12-02T18:00:00Z'),
				endsAt: at('2026-12-04T18:00:00Z'),
				metrics: [{ metric: { kind: 'xp', skills: ['ranged'] }, weight: 3 }],
				participants: [{ key: 'anna' }, { key: 'le me' }, { key: 'zezima' }],
			})
			// The database's checks still hold: a failed update changes nothing.
			await expect(updateCompetition(db(), id, { ...change, endsAt: at('2026-12-01T00:00:00Z') })).rejects.toThrow()
			expect((await readCompetition(db(), id))?.metrics).toHaveLength(1)
		})

		test('the database refuses an end before the start, over 90 days, a weight of 0, or a team of another competition', async () => {
			const id = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const insert = (starts: string, ends: string) =>
				db().execute(
					sql`insert into competitions (title, starts_at, ends_at, code_hash, created_at) values ('x', ${starts}, ${ends}, 'h', now())`,
				)
			await expect(insert('2026-12-02T00:00:00Z', '2026-12-01T00:00:00Z')).rejects.toThrow()
			await expect(insert('2026-12-01T00:00:00Z', '2027-03-01T00:00:01Z')).rejects.toThrow()
			await insert('2026-12-01T00:00:00Z', '2027-03-01T00:00:00Z')
			await expect(db().execute(sql`insert into competition_metrics values (${id}, 5, 'overall', 0)`)).rejects.toThrow()
			const other = await createCompetition(
				db(),
				newCompetition({
					participants: undefined,
					teams: [
						{ name: 'A', participants: ['X'] },
						{ name: 'B', participants: ['Y'] },
					],
				}),
				at('2026-11-28T10:00:00Z'),
			)
			expect(other).not.toBe(id)
			await expect(db().execute(sql`update competition_participants set team = 0 where competition_id = ${id}`)).rejects.toThrow()
		})

		test('lists by status at a time, with participant counts; deleting removes everything of it', async () => {
			const week = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const later = await createCompetition(
				db(),
				newCompetition({
					title: 'Later',
					startsAt: '2026-12-10T00:00:00Z',
					endsAt: '2026-12-11T00:00:00Z',
					participants: ['Bob'],
				}),
				at('2026-11-28T10:00:00Z'),
			)
			const ids = async (status: 'upcoming' | 'ongoing' | 'finished', now: string) =>
				(await listCompetitions(db(), status, at(now))).map((row) => [row.id, row.participants])
			expect(await ids('upcoming', '2026-11-30T00:00:00Z')).toEqual([
				[week, 3],
				[later, 1],
			])
			expect(await ids('ongoing', '2026-12-01T18:00:00Z')).toEqual([[week, 3]])
			expect(await ids('upcoming', '2026-12-01T18:00:00Z')).toEqual([[later, 1]])
			expect(await ids('finished', '2026-12-08T18:00:00Z')).toEqual([[week, 3]])
			expect(await deleteCompetition(db(), week)).toBe(true)
			expect(await deleteCompetition(db(), week)).toBe(false)
			const left = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from competition_participants`)
			expect(left).toEqual([{ n: 1 }])
		})

		test('searches titles in any case, literally (% and _ are letters), counts each status, pages with offset', async () => {
			const created = at('2026-11-28T10:00:00Z')
			const titles = ['Skill of the week', 'SKILL sprint', '100% Vorago', 'Drop_party', 'Cap week']
			const ids = []
			for (const [index, title] of titles.entries())
				ids.push(
					await createCompetition(
						db(),
						newCompetition({ title, startsAt: `2026-12-0${index + 1}T00:00:00Z`, endsAt: `2026-12-0${index + 2}T00:00:00Z` }),
						created,
					),
				)
			const now = at('2026-12-03T12:00:00Z')
			const titlesOf = async (status: 'upcoming' | 'ongoing' | 'finished', options: Parameters<typeof listCompetitions>[3]) =>
				(await listCompetitions(db(), status, now, options)).map((row) => row.title)
			expect(await titlesOf('finished', { search: 'skill' })).toEqual(['SKILL sprint', 'Skill of the week'])
			expect(await titlesOf('finished', { search: 'skill', limit: 1, offset: 1 })).toEqual(['Skill of the week'])
			expect(await titlesOf('upcoming', { search: '%' })).toEqual([])
			expect(await titlesOf('upcoming', { search: '_' })).toEqual(['Drop_party'])
			expect(await countCompetitions(db(), now)).toEqual({ upcoming: 2, ongoing: 1, finished: 2 })
			expect(await countCompetitions(db(), now, 'week')).toEqual({ upcoming: 1, ongoing: 0, finished: 1 })
		})

		test("a group's competitions, the latest to end first", async () => {
			const groupId = await createGroup(
				db(),
				{ name: 'Clan', clanName: null, codeHash: 'h', citadelReset: null, members: [] },
				at('2026-11-28T10:00:00Z'),
			)
			const first = await createCompetition(db(), newCompetition({ groupId }), at('2026-11-28T10:00:00Z'))
			await createCompetition(db(), newCompetition({ title: 'Not theirs' }), at('2026-11-28T10:00:00Z'))
			const second = await createCompetition(
				db(),
				newCompetition({ groupId, title: 'Later', startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-11T00:00:00Z' }),
				at('2026-11-28T10:00:00Z'),
			)
			expect((await listGroupCompetitions(db(), groupId)).map((row) => row.id)).toEqual([second, first])
		})

		test("a group's competition survives the group's deletion; the group's webhook does not", async () => {
			const groupId = await createGroup(
				db(),
				{ name: 'Clan', clanName: null, codeHash: 'h', citadelReset: null, members: [] },
				at('2026-11-28T10:00:00Z'),
			)
			const id = await createCompetition(db(), newCompetition({ groupId }), at('2026-11-28T10:00:00Z'))
			await setWebhook(db(), { groupId }, webhook, ['member-joined'], at('2026-11-28T10:00:00Z'))
			await deleteGroup(db(), groupId)
			expect(await readCompetition(db(), id)).toMatchObject({ groupId: null })
			expect(await readWebhookState(db(), { groupId })).toBeNull()
		})

		test('an event is queued once per key, only for a webhook on and wanting its kind', async () => {
			const competitionId = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const id = await setWebhook(db(), { competitionId }, webhook, ['member-joined'], at('2026-11-28T10:00:00Z'))
			const add = (eventKey: string, event: DiscordEvent) =>
				enqueueDiscordEvent(db(), { webhookId: id, eventKey, event }, at('2026-11-28T10:00:00Z'))
			expect(await add('joined:zezima', joined('Zezima'))).toBe(true)
			expect(await add('joined:zezima', joined('Zezima'))).toBe(false)
			expect(await add('left:anna', { kind: 'member-left', group: clan, player: 'Anna' })).toBe(false)
			expect(await enqueueDiscordEvent(db(), { webhookId: 999, eventKey: 'k', event: joined('A') }, at('2026-11-28T10:00:00Z'))).toBe(false)
		})

		test('one message per kind per minute; a claimed batch is claimed once; sent is never sent again', async () => {
			const competitionId = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const id = await setWebhook(db(), { competitionId }, webhook, ['member-joined', 'member-left'], at('2026-11-28T10:00:00Z'))
			for (const name of ['Zezima', 'Anna'])
				await enqueueDiscordEvent(db(), { webhookId: id, eventKey: `joined:${name}`, event: joined(name) }, at('2026-11-28T10:00:00Z'))
			const now = at('2026-11-28T10:00:05Z')
			const [batch, ...rest] = await claimDiscordBatches(db(), now, 30_000)
			expect(rest).toEqual([])
			expect(batch).toMatchObject({
				webhook,
				kind: 'member-joined',
				attempt: 1,
				events: [joined('Zezima'), joined('Anna')],
			})
			// Another instance, at the same moment: nothing left to claim.
			expect(await claimDiscordBatches(db(), now, 30_000)).toEqual([])
			await recordDelivery(db(), batch!, { outcome: 'sent' }, now)
			await enqueueDiscordEvent(db(), { webhookId: id, eventKey: 'joined:bob', event: joined('Bob') }, now)
			// 59 s after the last member-joined message: it waits; a minute after, it goes.
			expect(await claimDiscordBatches(db(), at('2026-11-28T10:01:04Z'), 30_000)).toEqual([])
			const [next] = await claimDiscordBatches(db(), at('2026-11-28T10:01:05Z'), 30_000)
			expect(next?.events).toEqual([joined('Bob')])
		})

		test('removing a webhook drops what it had not sent; the other webhooks keep theirs; removing none says so', async () => {
			const competitionId = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const other = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const id = await setWebhook(db(), { competitionId }, webhook, ['member-joined'], at('2026-11-28T10:00:00Z'))
			const kept = await setWebhook(db(), { competitionId: other }, webhook, ['member-joined'], at('2026-11-28T10:00:00Z'))
			for (const webhookId of [id, kept])
				await enqueueDiscordEvent(db(), { webhookId, eventKey: 'joined:zezima', event: joined('Zezima') }, at('2026-11-28T10:00:00Z'))
			expect(await deleteWebhook(db(), { competitionId })).toBe(true)
			expect(await readWebhookState(db(), { competitionId })).toBeNull()
			expect(await outboxHas(db(), id, 'joined:zezima')).toBe(false)
			expect((await claimDiscordBatches(db(), at('2026-11-28T10:00:05Z'), 30_000)).map((batch) => batch.webhookId)).toEqual([kept])
			expect(await deleteWebhook(db(), { competitionId })).toBe(false)
			expect(await deleteWebhook(db(), { groupId: 12345 })).toBe(false)
		})

		test('instances claiming at once never get the same event', async () => {
			for (let c = 0; c < 4; c++) {
				const competitionId = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
				const id = await setWebhook(db(), { competitionId }, webhook, ['member-joined'], at('2026-11-28T10:00:00Z'))
				for (let e = 0; e < 5; e++)
					await enqueueDiscordEvent(db(), { webhookId: id, eventKey: `e${e}`, event: joined(`P${e}`) }, at('2026-11-28T10:00:00Z'))
			}
			const now = at('2026-11-28T10:00:01Z')
			const claims = await Promise.all(Array.from({ length: 4 }, () => claimDiscordBatches(db(), now, 30_000)))
			const ids = claims.flat().flatMap((batch) => batch.eventIds)
			expect(ids.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
		})

		test('a lease that ran out (an instance died mid-post) is claimed again', async () => {
			const competitionId = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const id = await setWebhook(db(), { competitionId }, webhook, ['member-joined'], at('2026-11-28T10:00:00Z'))
			await enqueueDiscordEvent(db(), { webhookId: id, eventKey: 'k', event: joined('A') }, at('2026-11-28T10:00:00Z'))
			expect(await claimDiscordBatches(db(), at('2026-11-28T10:00:00Z'), 30_000)).toHaveLength(1)
			expect(await claimDiscordBatches(db(), at('2026-11-28T10:00:29Z'), 30_000)).toHaveLength(0)
			expect(await claimDiscordBatches(db(), at('2026-11-28T10:00:30Z'), 30_000)).toHaveLength(1)
		})

		test('a retry waits, counts the attempt and holds the whole webhook', async () => {
			const competitionId = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const id = await setWebhook(db(), { competitionId }, webhook, ['member-joined', 'member-left'], at('2026-11-28T10:00:00Z'))
			await enqueueDiscordEvent(db(), { webhookId: id, eventKey: 'a', event: joined('A') }, at('2026-11-28T10:00:00Z'))
			const [batch] = await claimDiscordBatches(db(), at('2026-11-28T10:00:00Z'), 30_000)
			await recordDelivery(db(), batch!, { outcome: 'retry', afterMs: 5_000, reason: 'HTTP 429' }, at('2026-11-28T10:00:01Z'))
			await enqueueDiscordEvent(
				db(),
				{ webhookId: id, eventKey: 'b', event: { kind: 'member-left', group: clan, player: 'B' } },
				at('2026-11-28T10:00:02Z'),
			)
			expect(await claimDiscordBatches(db(), at('2026-11-28T10:00:05Z'), 30_000)).toEqual([])
			const again = await claimDiscordBatches(db(), at('2026-11-28T10:00:06Z'), 30_000)
			expect(again.map((b) => [b.kind, b.attempt])).toEqual([
				['member-joined', 2],
				['member-left', 1],
			])
		})

		test('a dead webhook is switched off with its reason, its events dropped; setting it again switches it on', async () => {
			const competitionId = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			const id = await setWebhook(db(), { competitionId }, webhook, ['member-joined'], at('2026-11-28T10:00:00Z'))
			await enqueueDiscordEvent(db(), { webhookId: id, eventKey: 'a', event: joined('A') }, at('2026-11-28T10:00:00Z'))
			const [batch] = await claimDiscordBatches(db(), at('2026-11-28T10:00:00Z'), 30_000)
			await recordDelivery(db(), batch!, { outcome: 'disable', reason: 'HTTP 404: gone' }, at('2026-11-28T10:00:01Z'))
			expect(await readWebhookState(db(), { competitionId })).toEqual({
				id,
				events: ['member-joined'],
				logMatches: [],
				disabledAt: at('2026-11-28T10:00:01Z'),
				disabledReason: 'HTTP 404: gone',
			})
			expect(await readWebhookState(db(), { competitionId })).not.toHaveProperty('token')
			expect(await enqueueDiscordEvent(db(), { webhookId: id, eventKey: 'b', event: joined('B') }, at('2026-11-28T10:00:02Z'))).toBe(false)
			expect(await claimDiscordBatches(db(), at('2026-11-28T10:05:00Z'), 30_000)).toEqual([])
			const same = await setWebhook(db(), { competitionId }, { ...webhook, token: 'new' }, ['member-joined'], at('2026-11-28T11:00:00Z'))
			expect(same).toBe(id)
			expect(await readWebhookState(db(), { competitionId })).toMatchObject({
				disabledAt: null,
				disabledReason: null,
			})
			expect(await enqueueDiscordEvent(db(), { webhookId: id, eventKey: 'b', event: joined('B') }, at('2026-11-28T11:00:00Z'))).toBe(true)
		})

		test('the database refuses a webhook of both a group and a competition, or of neither', async () => {
			await expect(
				db().execute(sql`insert into discord_webhooks (discord_id, token, events, created_at) values ('1', 't', '{}', now())`),
			).rejects.toThrow()
			await expect(
				db().execute(
					sql`insert into discord_webhooks (competition_id, discord_id, token, events, created_at) values (1, '1', 't', '{"nope"}', now())`,
				),
			).rejects.toThrow()
		})

		const fetchOf = (name: string, when: string, activities: { date: string; text: string; details: string }[] = []) =>
			recordFetch(db(), {
				key: name.toLowerCase(),
				name,
				fetchedAt: at(when),
				snapshot: snapshotOf({ magic: 1_000 }),
				quests: null,
				activities,
			})

		test("update rounds: the competitions to watch, the participants' checks, start checks noted once, leases, the freeze", async () => {
			const id = await createCompetition(db(), newCompetition(), at('2026-11-28T10:00:00Z'))
			expect(await listCompetitionsToWatch(db(), at('2026-11-30T17:59:00Z'))).toEqual([])
			expect(await listCompetitionsToWatch(db(), at('2026-11-30T18:00:00Z'))).toMatchObject([{ id, frozenAt: null }])
			await fetchOf('Zezima', '2026-12-01T17:00:00Z')
			expect(await noteStartChecks(db(), id, at('2026-12-01T18:00:00Z'))).toBe(0)
			await fetchOf('Zezima', '2026-12-01T18:01:00Z')
			expect(await noteStartChecks(db(), id, at('2026-12-01T18:00:00Z'))).toBe(1)
			await fetchOf('Zezima', '2026-12-01T19:00:00Z')
			expect(await noteStartChecks(db(), id, at('2026-12-01T18:00:00Z'))).toBe(0)
			expect(await readStartChecks(db(), id)).toEqual(new Map([['zezima', at('2026-12-01T18:01:00Z')]]))
			expect(await readParticipantChecks(db(), id)).toEqual([
				{ key: 'anna', name: 'Anna', lastCheckedAt: null, startCheckedAt: null, claimedUntil: null },
				{ key: 'le me', name: 'le me', lastCheckedAt: null, startCheckedAt: null, claimedUntil: null },
				{
					key: 'zezima',
					name: 'Zezima',
					lastCheckedAt: at('2026-12-01T19:00:00Z'),
					startCheckedAt: at('2026-12-01T18:01:00Z'),
					claimedUntil: null,
				},
			])
			const lease = { leaseMs: 600_000, roundStart: at('2026-12-01T18:00:00Z') }
			expect(await claimParticipant(db(), id, 'anna', { ...lease, now: at('2026-12-01T18:05:00Z') })).toBe(true)
			expect(await claimParticipant(db(), id, 'anna', { ...lease, now: at('2026-12-01T18:14:59Z') })).toBe(false)
			expect(await claimParticipant(db(), id, 'anna', { ...lease, now: at('2026-12-01T18:15:00Z') })).toBe(true)
			// A lease taken before the final round's start (the end) does not hold it back.
			expect(await claimParticipant(db(), id, 'le me', { ...lease, now: at('2026-12-08T17:59:00Z') })).toBe(true)
			expect(
				await claimParticipant(db(), id, 'le me', { ...lease, now: at('2026-12-08T18:00:00Z'), roundStart: at('2026-12-08T18:00:00Z') }),
			).toBe(true)
			expect(
				await claimParticipant(db(), id, 'le me', { ...lease, now: at('2026-12-08T18:01:00Z'), roundStart: at('2026-12-08T18:00:00Z') }),
			).toBe(false)
			// A manual update's claim: no round start, and not when the tracker checked the player since.
			const manual = { leaseMs: 600_000, now: at('2026-12-01T19:05:00Z') }
			expect(await claimParticipant(db(), id, 'zezima', { ...manual, notCheckedSince: at('2026-12-01T18:55:00Z') })).toBe(false)
			expect(await claimParticipant(db(), id, 'zezima', { ...manual, notCheckedSince: at('2026-12-01T19:00:01Z') })).toBe(true)
			expect(await claimParticipant(db(), id, 'zezima', { ...manual, now: at('2026-12-01T19:14:59Z') })).toBe(false)
			expect(await freezeCompetition(db(), id, at('2026-12-08T19:00:00Z'))).toBe(true)
			expect(await freezeCompetition(db(), id, at('2026-12-08T19:01:00Z'))).toBe(false)
			expect(await listCompetitionsToWatch(db(), at('2026-12-09T18:59:00Z'))).toMatchObject([{ id, frozenAt: at('2026-12-08T19:00:00Z') }])
			expect(await listCompetitionsToWatch(db(), at('2026-12-09T19:01:00Z'))).toEqual([])
		})

		test("announcements: a competition's webhooks and its group's, the outbox's keys, group webhooks with their members' log", async () => {
			const groupId = await createGroup(
				db(),
				{
					name: 'Clan',
					clanName: null,
					codeHash: 'h',
					citadelReset: null,
					members: [{ key: 'zezima', name: 'Zezima', rank: null, totalXp: null }],
				},
				at('2026-11-28T10:00:00Z'),
			)
			const id = await createCompetition(db(), newCompetition({ groupId, participants: ['Zezima'] }), at('2026-11-28T10:00:00Z'))
			const own = await setWebhook(db(), { competitionId: id }, webhook, ['competition-started'], at('2026-11-28T10:00:00Z'))
			const groups = await setWebhook(
				db(),
				{ groupId },
				{ ...webhook, id: '2' },
				['log-match', 'competition-started'],
				at('2026-11-28T10:00:00Z'),
				['vorago'],
			)
			expect(await activeWebhooksFor(db(), { id, groupId })).toEqual([
				{ id: own, events: ['competition-started'] },
				{ id: groups, events: ['log-match', 'competition-started'] },
			])
			expect(await activeWebhooksFor(db(), { id, groupId: null })).toEqual([{ id: own, events: ['competition-started'] }])
			expect(await outboxHas(db(), own, 'k')).toBe(false)
			await enqueueDiscordEvent(db(), { webhookId: own, eventKey: 'k', event: joined('A') }, at('2026-11-28T10:00:00Z'))
			expect(await outboxHas(db(), own, 'k')).toBe(false)
			const started: DiscordEvent = {
				kind: 'competition-started',
				competition: {
					title: 'T',
					url: 'https://guide.example/competitions/1',
					startsAt: '2026-12-01T18:00:00Z',
					endsAt: '2026-12-08T18:00:00Z',
				},
			}
			await enqueueDiscordEvent(db(), { webhookId: own, eventKey: 'k', event: started }, at('2026-11-28T10:00:00Z'))
			expect(await outboxHas(db(), own, 'k')).toBe(true)
			expect(await outboxHas(db(), groups, 'k')).toBe(false)
			expect(await listGroupWebhooks(db(), ['log-match'])).toEqual([
				{
					id: groups,
					groupId,
					groupName: 'Clan',
					events: ['log-match', 'competition-started'],
					logMatches: ['vorago'],
					createdAt: at('2026-11-28T10:00:00Z'),
				},
			])
			expect(await listGroupWebhooks(db(), ['member-left'])).toEqual([])
			await fetchOf('Zezima', '2026-11-29T10:00:00Z', [
				{ date: '2026-11-27T10:00:00.000Z', text: 'I killed 2 Voragos.', details: '' },
				{ date: '2026-11-29T09:00:00.000Z', text: 'I killed 3 Voragos.', details: '' },
				{ date: '2026-11-29T09:30:00.000Z', text: 'I found some Dragon bones.', details: '' },
			])
			await classifyPlayerLog(db(), (await findPlayer(db(), 'zezima'))!.id)
			expect(await listMemberLogEntries(db(), groupId, at('2026-11-28T10:00:00Z'), ['boss-kill'])).toEqual([
				{
					playerKey: 'zezima',
					name: 'Zezima',
					occurredAt: at('2026-11-29T09:00:00Z'),
					kind: 'boss-kill',
					skill: null,
					subject: 'Voragos',
					amount: 3,
				},
			])
		})

		describe('a name change applied', () => {
			const who = (name: string) => ({ key: name.toLowerCase().replace(/[_-]/g, ' '), name })
			const participants = async (id: number) =>
				db()
					.select({
						key: competitionParticipants.playerKey,
						name: competitionParticipants.name,
						team: competitionParticipants.team,
						start: competitionParticipants.startCheckedAt,
					})
					.from(competitionParticipants)
					.where(eq(competitionParticipants.competitionId, id))
					.orderBy(competitionParticipants.playerKey)

			test('moves a participant of two competitions to the new name, in the same transaction as the history merge', async () => {
				const first = await createCompetition(db(), newCompetition(), at('2026-11-30T00:00:00Z'))
				const second = await createCompetition(
					db(),
					newCompetition({
						participants: undefined,
						teams: [
							{ name: 'Red', participants: ['Anna'] },
							{ name: 'Blue', participants: ['Zezima'] },
						],
					}),
					at('2026-11-30T00:00:00Z'),
				)
				await recordFetch(db(), {
					...who('Zezima'),
					fetchedAt: at('2026-11-30T10:00:00Z'),
					snapshot: snapshotOf({ magic: 1000 }),
					quests: null,
					activities: [],
				})
				const change = { old: who('Zezima'), new: who('Zezima Two'), source: 'visitor' as const, submittedAt: at('2026-12-02T00:00:00Z') }
				const applied = await applyNameChange(db(), change, at('2026-12-02T00:00:00Z'), { onRename: renameInCompetitions })
				expect(applied).not.toBeNull()
				expect((await readCompetition(db(), first))!.participants).toEqual([
					who('Anna'),
					{ key: 'le me', name: 'le me' },
					who('Zezima Two'),
				])
				const teamed = (await readCompetition(db(), second))!
				expect(teamed.participants).toEqual([who('Anna'), who('Zezima Two')])
				expect(teamed.teams).toEqual([
					{ name: 'Red', members: ['anna'] },
					{ name: 'Blue', members: ['zezima two'] },
				])
				expect(await readParticipantChecks(db(), first)).toContainEqual(
					expect.objectContaining({ key: 'zezima two', lastCheckedAt: at('2026-11-30T10:00:00Z') }),
				)

				// A failing hook undoes the whole change: history, groups and participants stay as they were.
				const failing = async () => {
					throw new Error('boom')
				}
				const back = { ...change, old: who('Zezima Two'), new: who('Zezima Three') }
				await expect(
					applyNameChange(db(), back, at('2026-12-03T00:00:00Z'), {
						onRename: async (tx, from, to) => {
							await renameInCompetitions(tx, from, to)
							await failing()
						},
					}),
				).rejects.toThrow('boom')
				expect(await findPlayer(db(), 'zezima two')).toBeDefined()
				expect((await participants(first)).map((row) => row.key)).toEqual(['anna', 'le me', 'zezima two'])
			})

			test('to a name already taking part: one row, no duplicate, its team kept, the earlier start check', async () => {
				const id = await createCompetition(
					db(),
					newCompetition({
						participants: undefined,
						teams: [
							{ name: 'Red', participants: ['Anna', 'le_me'] },
							{ name: 'Blue', participants: ['Zezima'] },
						],
					}),
					at('2026-11-30T00:00:00Z'),
				)
				await db().execute(
					sql`update competition_participants set start_checked_at = ${at('2026-12-01T18:05:00Z')} where competition_id = ${id} and player_key = 'zezima'`,
				)
				await renameInCompetitions(db(), who('Zezima'), who('Anna'))
				expect(await participants(id)).toEqual([
					{ key: 'anna', name: 'Anna', team: 0, start: at('2026-12-01T18:05:00Z') },
					{ key: 'le me', name: 'le me', team: 0, start: null },
				])
				// A participant elsewhere only, and a name in no competition, are left alone.
				await renameInCompetitions(db(), who('Nobody'), who('Le me'))
				expect((await participants(id)).map((row) => row.name)).toEqual(['Anna', 'le me'])
			})
		})

		// Kept standings (kept-standings.server.ts): each read recomputes only what changed.
		const record = (name: string, when: string, magic: number, options: { private?: boolean; log?: string[] } = {}) =>
			recordFetch(db(), {
				key: name.toLowerCase(),
				name,
				fetchedAt: at(when),
				snapshot: snapshotOf({ magic }, options.private ? null : undefined),
				quests: null,
				activities: (options.log ?? []).map((text, index) => ({ date: `2026-12-02T1${index}:00:00.000Z`, text, details: '' })),
			})
		const keptCompetition = async () => {
			const id = await createCompetition(
				db(),
				newCompetition({
					metrics: [{ metric: 'magic' }, { metric: 'kills:vorago', weight: 100 }],
					participants: ['Zezima', 'Anna', 'Bob'],
				}),
				at('2026-11-28T10:00:00Z'),
			)
			return { id, read: async () => keepStandings(db(), (await readCompetition(db(), id))!) }
		}
		const scoresOf = (kept: Awaited<ReturnType<typeof keepStandings>>) =>
			Object.fromEntries(kept.standings.map((standing) => [standing.key, standing.parts.map((part) => part.value)]))
		/** What a read from nothing gives (no kept row): the kept rows must always equal it. */
		const fromScratch = async (read: () => ReturnType<typeof keepStandings>) => {
			const kept = await read()
			await db().execute(sql`delete from competition_standings`)
			const scratch = await read()
			expect(scratch.recomputed).toHaveLength(3)
			// As written, keys in the same order (the API's JSON does not depend on what was kept).
			expect(JSON.stringify(kept.standings)).toBe(JSON.stringify(scratch.standings))
			return kept
		}

		test('kept standings: a second read without a change recomputes nothing and reads the same', async () => {
			await record('Zezima', '2026-12-01T19:00:00Z', 1_000)
			await record('Zezima', '2026-12-03T19:00:00Z', 3_000, { log: ['I killed 2 Voragos.'] })
			const { read } = await keptCompetition()
			const first = await read()
			expect(first.recomputed.toSorted()).toEqual(['anna', 'bob', 'zezima'])
			expect(scoresOf(first)).toEqual({ zezima: [2_000, 2], anna: [null, null], bob: [null, null] })
			const second = await read()
			expect(second.recomputed).toEqual([])
			expect(second.standings).toEqual(first.standings)
			expect(await queryRows(db(), sql`select 1 from competition_standings`)).toHaveLength(3)
		})

		test('kept standings: a new snapshot, a new log entry, a private profile each recompute that player alone', async () => {
			await record('Zezima', '2026-12-01T19:00:00Z', 1_000)
			await record('Anna', '2026-12-01T19:00:00Z', 500)
			const { read } = await keptCompetition()
			await read()
			await record('Zezima', '2026-12-03T19:00:00Z', 4_000)
			let kept = await fromScratch(read)
			expect(kept.recomputed).toEqual(['zezima'])
			expect(scoresOf(kept).zezima).toEqual([3_000, 0])
			// Same XP, one new log entry: no snapshot is written, the log changes.
			await record('Zezima', '2026-12-03T20:00:00Z', 4_000, { log: ['I killed 3 Voragos.'] })
			kept = await fromScratch(read)
			expect(kept.recomputed).toEqual(['zezima'])
			expect(scoresOf(kept).zezima).toEqual([3_000, 3])
			// Anna turns private with the same XP: her log becomes "no data".
			expect(scoresOf(await read()).anna).toEqual([0, 0])
			await record('Anna', '2026-12-04T19:00:00Z', 500, { private: true })
			kept = await fromScratch(read)
			expect(kept.recomputed).toEqual(['anna'])
			expect(scoresOf(kept).anna).toEqual([0, null])
		})

		test("kept standings: a check after the start that found nothing new dates a player's start value", async () => {
			await record('Bob', '2026-11-29T10:00:00Z', 700)
			const { read } = await keptCompetition()
			expect(scoresOf(await read()).bob).toEqual([null, 0])
			// Nothing new: no snapshot, no log, only last_checked_at moves past the start.
			expect(await record('Bob', '2026-12-01T18:30:00Z', 700)).toBe('unchanged')
			const kept = await fromScratch(read)
			expect(kept.recomputed).toEqual(['bob'])
			expect(scoresOf(kept).bob).toEqual([0, 0])
			expect(kept.standings.find((standing) => standing.key === 'bob')?.startSnapshotAt).toBe('2026-12-01T18:00:00.000Z')
			expect((await read()).recomputed).toEqual([])
		})

		test("kept standings: a name-change merge into a participant recomputes them with the old name's history", async () => {
			await record('Old Name', '2026-12-02T19:00:00Z', 1_000)
			await record('Zezima', '2026-12-04T19:00:00Z', 5_000)
			const { read } = await keptCompetition()
			expect(scoresOf(await read()).zezima).toEqual([0, 0])
			await db().transaction((tx) => mergePlayers(tx, 'old name', { key: 'zezima', name: 'Zezima' }))
			const kept = await fromScratch(read)
			expect(kept.recomputed).toEqual(['zezima'])
			expect(scoresOf(kept).zezima).toEqual([4_000, 0])
		})

		test("kept standings: the final round's snapshot after the end counts; the freeze recomputes everyone and bounds it", async () => {
			await record('Zezima', '2026-12-01T19:00:00Z', 1_000)
			await record('Zezima', '2026-12-06T19:00:00Z', 3_000)
			await record('Anna', '2026-12-01T19:00:00Z', 500)
			const { id, read } = await keptCompetition()
			expect(scoresOf(await read()).zezima).toEqual([2_000, 0])
			// The final round, after the end: the XP gained in the last hours counts.
			await record('Zezima', '2026-12-08T18:10:00Z', 5_000)
			let kept = await fromScratch(read)
			expect(kept.recomputed).toEqual(['zezima'])
			expect(scoresOf(kept).zezima).toEqual([4_000, 0])
			expect(kept.standings.find((standing) => standing.key === 'zezima')?.endSnapshotAt).toBe('2026-12-08T18:10:00.000Z')
			// The freeze bounds what counts: every kept standing is recomputed once.
			expect(await freezeCompetition(db(), id, at('2026-12-08T18:30:00Z'))).toBe(true)
			expect((await read()).recomputed).toHaveLength(3)
			expect((await read()).recomputed).toEqual([])
			// Lookups after the freeze change nothing: a second snapshot after the end, a first one after the freeze.
			await record('Zezima', '2026-12-08T18:45:00Z', 9_000)
			await record('Anna', '2026-12-08T18:40:00Z', 900)
			kept = await fromScratch(read)
			expect(kept.recomputed.toSorted()).toEqual(['anna', 'zezima'])
			expect(scoresOf(kept)).toMatchObject({ zezima: [4_000, 0], anna: [0, 0] })
		})

		test('kept standings: a PATCH of the metrics or the window recomputes everyone', async () => {
			await record('Zezima', '2026-12-01T19:00:00Z', 1_000)
			await record('Zezima', '2026-12-03T19:00:00Z', 3_000)
			await record('Zezima', '2026-12-06T19:00:00Z', 6_000)
			const { id, read } = await keptCompetition()
			expect(scoresOf(await read()).zezima).toEqual([5_000, 0])
			const competition = (await readCompetition(db(), id))!
			const change = { title: competition.title, startsAt: competition.startsAt, endsAt: competition.endsAt }
			await updateCompetition(db(), id, { ...change, metrics: [{ metric: { kind: 'xp', skills: ['magic'] }, weight: 2 }] })
			let kept = await fromScratch(read)
			expect(kept.recomputed).toHaveLength(3)
			expect(kept.standings.find((standing) => standing.key === 'zezima')).toMatchObject({ score: 10_000 })
			await updateCompetition(db(), id, {
				...change,
				endsAt: at('2026-12-05T00:00:00Z'),
				metrics: [{ metric: { kind: 'xp', skills: ['magic'] }, weight: 2 }],
			})
			kept = await fromScratch(read)
			expect(kept.recomputed).toHaveLength(3)
			expect(scoresOf(kept).zezima).toEqual([2_000])
		})
	})
}
