// One behaviour suite for name changes' storage (the tracker's merge, groups following, the
// name_changes table), run on PGlite (always) and on PostgreSQL (when npm test or CI started one).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { readRecords } from '#app/tracker/server/gains-store.server.ts'
import {
	findPlayer,
	listActivities,
	listQuestCompletions,
	listSnapshots,
	recordFetch,
	type FetchRecord,
} from '#app/tracker/server/tracker-store.server.ts'
import { createGroup, listLogKinds, listRosterEvents, readGroup, syncRoster } from './groups-store.server.ts'
import {
	applyNameChange,
	findPending,
	listNameChanges,
	rejectNameChange,
	resolveRename,
	storePending,
	type NewNameChange,
} from './name-changes-store.server.ts'

const TABLES = [
	'name_changes',
	'log_entry_kinds',
	'group_roster_events',
	'group_members',
	'groups',
	'tracker_daily_gains',
	'tracker_period_gains',
	'tracker_gain_records',
	'tracker_activities',
	'tracker_quest_completions',
	'tracker_snapshots',
	'tracked_players',
]
const at = (iso: string) => new Date(iso)
const who = (name: string) => ({ key: name.toLowerCase(), name })

function fetchOf(name: string, when: string, xp: number, extra: Partial<FetchRecord> = {}): FetchRecord {
	return { ...who(name), fetchedAt: at(when), snapshot: testSnapshot(when, xp), quests: null, activities: [], ...extra }
}

const change = (from: string, to: string, submittedAt = '2026-11-20T12:00:00Z'): NewNameChange => ({
	old: who(from),
	new: who(to),
	source: 'visitor',
	submittedAt: at(submittedAt),
})

export function describeNameChangesStoreContract(engine: string, openEmpty: () => Promise<DatabaseHandle>) {
	describe(`name changes storage on ${engine}`, () => {
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
		const everything = async (key: string) => {
			const player = (await findPlayer(db(), key))!
			return {
				player,
				snapshots: await listSnapshots(db(), player.id, new Date(0), at('2030-01-01T00:00:00Z'), 100),
				quests: await listQuestCompletions(db(), player.id),
				log: await listActivities(db(), player.id),
				kinds: await listLogKinds(db(), player.id),
			}
		}

		test('into a name never tracked: the old history moves whole under the new name, and the old name points to it', async () => {
			await recordFetch(
				db(),
				fetchOf('Old Olga', '2026-11-01T10:00:00Z', 1000, {
					quests: [{ title: 'Cook’s Assistant', status: 'COMPLETED' }],
					activities: [{ date: '2026-10-31T09:00:00.000Z', text: 'Capped at my Clan Citadel.', details: '' }],
				}),
			)
			await recordFetch(db(), fetchOf('Old Olga', '2026-11-02T10:00:00Z', 2000))
			const before = await everything('old olga')
			const [{ count: kinds } = { count: -1 }] = await queryRows<{ count: number }>(
				db(),
				sql`select count(*)::int as count from log_entry_kinds`,
			)
			expect(kinds).toBe(0)

			const applied = await applyNameChange(db(), change('Old Olga', 'New Nia'), at('2026-11-20T12:00:00Z'))
			expect(applied).toMatchObject({ oldKey: 'old olga', newKey: 'new nia', status: 'applied', appliedAt: at('2026-11-20T12:00:00Z') })
			expect(await findPlayer(db(), 'old olga')).toBeUndefined()
			const after = await everything('new nia')
			expect(after.player).toMatchObject({ id: before.player.id, name: 'New Nia', trackedSince: before.player.trackedSince })
			expect(after.snapshots).toEqual(before.snapshots)
			expect(after.quests).toEqual(before.quests)
			expect(after.log).toEqual(before.log)
			// The log is classified under the new row in the same transaction.
			expect(after.kinds.map((k) => k.kind)).toEqual(['citadel-cap'])
			expect(await resolveRename(db(), 'old olga')).toEqual({ key: 'new nia', name: 'New Nia' })
			expect(await resolveRename(db(), 'new nia')).toBeUndefined()
		})

		test('into a name with its own history: both kept, nothing twice, the gap between them counted, gains of a shared day added, records raised', async () => {
			const log = { date: '2026-11-01T09:00:00.000Z', text: 'Levelled up Cooking.', details: '' }
			await recordFetch(
				db(),
				fetchOf('Old Olga', '2026-11-01T10:00:00Z', 1000, {
					quests: [{ title: 'Cook’s Assistant', status: 'COMPLETED' }],
					activities: [log],
				}),
			)
			await recordFetch(
				db(),
				fetchOf('Old Olga', '2026-11-02T10:00:00Z', 1100, {
					quests: [
						{ title: 'Cook’s Assistant', status: 'COMPLETED' },
						{ title: 'Druidic Ritual', status: 'COMPLETED' },
					],
				}),
			)
			await recordFetch(db(), fetchOf('Old Olga', '2026-11-20T08:00:00Z', 1160))
			// The new name was looked up while the change was checked: same account, later XP, the same log line seen again.
			await recordFetch(
				db(),
				fetchOf('New Nia', '2026-11-20T11:00:00Z', 1200, {
					quests: [
						{ title: 'Cook’s Assistant', status: 'COMPLETED' },
						{ title: 'Druidic Ritual', status: 'COMPLETED' },
					],
					activities: [log, { date: '2026-11-20T10:30:00.000Z', text: 'Capped at my Clan Citadel.', details: '' }],
				}),
			)
			await recordFetch(db(), fetchOf('New Nia', '2026-11-20T11:30:00Z', 1250))
			const oldOne = await everything('old olga')
			const newOne = await everything('new nia')

			expect(await applyNameChange(db(), change('Old Olga', 'New Nia'), at('2026-11-20T12:00:00Z'))).not.toBeNull()
			expect(await findPlayer(db(), 'old olga')).toBeUndefined()
			const merged = await everything('new nia')
			expect(merged.player).toMatchObject({ id: newOne.player.id, name: 'New Nia', trackedSince: oldOne.player.trackedSince })
			expect(merged.snapshots.map((s) => [s.takenAt, s.totalXp])).toEqual(
				[...newOne.snapshots, ...oldOne.snapshots].map((s) => [s.takenAt, s.totalXp]),
			)
			// The old name's dates win: it saw Druidic Ritual done on 2 November; the new name saw both "before tracking".
			expect(merged.quests).toEqual([
				{ title: 'Druidic Ritual', completedAt: '2026-11-02T10:00:00.000Z' },
				{ title: 'Cook’s Assistant', completedAt: null },
			])
			expect(merged.log.map((l) => l.text)).toEqual(['Capped at my Clan Citadel.', 'Levelled up Cooking.'])
			expect(merged.kinds.map((k) => k.kind)).toEqual(['citadel-cap', 'level'])
			// 20 November: 60 XP a skill under the old name, 40 between its last snapshot and the new name's first, 50 under the new name.
			const [day] = await queryRows<{ xp_gained: number[] }>(
				db(),
				sql`select xp_gained from tracker_daily_gains where player_id = ${merged.player.id} and day = '2026-11-20'`,
			)
			expect(day!.xp_gained).toEqual(Array.from({ length: 29 }, () => 150))
			const records = await readRecords(db(), { id: merged.player.id, name: 'New Nia' })
			// Each name alone had 100 (2 November) and 50 at best; together, 20 November's 150 is the record.
			expect(records.skills[0]!.day).toMatchObject({ xpGained: 150, from: '2026-11-20' })
			expect(records.overall.day).toMatchObject({ xpGained: 29 * 150, from: '2026-11-20' })
			expect(records.skills[0]!.week).toMatchObject({ xpGained: 150, from: '2026-11-16' })
			const [{ count } = { count: -1 }] = await queryRows<{ count: number }>(
				db(),
				sql`select count(*)::int as count from tracker_snapshots where player_id = ${oldOne.player.id}`,
			)
			expect(count).toBe(0)
		})

		test('groups follow: a member renamed with a renamed event; a sync’s left + joined pair becomes one renamed event', async () => {
			const member = (name: string, totalXp: number) => ({ ...who(name), rank: 'General' as const, totalXp })
			await recordFetch(db(), fetchOf('Old Olga', '2026-11-01T10:00:00Z', 1000))
			const names = await createGroup(
				db(),
				{
					name: 'Friends',
					clanName: null,
					codeHash: 'h',
					citadelReset: null,
					members: [{ ...who('Old Olga'), rank: null, totalXp: null }],
				},
				at('2026-11-01T00:00:00Z'),
			)
			const clan = await createGroup(
				db(),
				{ name: 'Clan', clanName: 'Clan', codeHash: 'h', citadelReset: null, members: [member('Old Olga', 29_000), member('Anna', 5)] },
				at('2026-11-01T00:00:00Z'),
			)
			await syncRoster(db(), clan, [member('New Nia', 29_100), member('Anna', 5)], at('2026-11-19T00:00:00Z'))
			expect((await listRosterEvents(db(), clan)).map((e) => e.type).toSorted()).toEqual(['joined', 'left'])

			await applyNameChange(db(), change('Old Olga', 'New Nia'), at('2026-11-20T12:00:00Z'))
			expect((await readGroup(db(), names))!.members.map((m) => [m.key, m.name])).toEqual([['new nia', 'New Nia']])
			expect(await listRosterEvents(db(), names)).toEqual([
				expect.objectContaining({ type: 'renamed', at: at('2026-11-20T12:00:00Z'), playerKey: 'new nia', previousKey: 'old olga' }),
			])
			expect((await readGroup(db(), clan))!.members.map((m) => m.key).toSorted()).toEqual(['anna', 'new nia'])
			expect(await listRosterEvents(db(), clan)).toEqual([
				{
					at: at('2026-11-19T00:00:00Z'),
					type: 'renamed',
					playerKey: 'new nia',
					playerName: 'New Nia',
					previousKey: 'old olga',
					previousName: 'Old Olga',
					fromRank: 'General',
					toRank: 'General',
				},
			])
		})

		test('a change waits for review once per old name; approving applies it, rejecting discards it', async () => {
			await recordFetch(db(), fetchOf('Old Olga', '2026-11-01T10:00:00Z', 1000))
			const pending = await storePending(db(), change('Old Olga', 'New Nia'), 'Too much XP.')
			expect(pending).toMatchObject({ status: 'pending', reason: 'Too much XP.', appliedAt: null })
			expect(await storePending(db(), change('Old Olga', 'Other Otto'), 'again')).toBeNull()
			expect(await findPending(db(), 'old olga')).toEqual(pending)
			expect(await resolveRename(db(), 'old olga')).toBeUndefined()

			expect(await rejectNameChange(db(), pending!.id)).toBe(true)
			expect(await rejectNameChange(db(), pending!.id)).toBe(false)
			expect(await applyNameChange(db(), change('Old Olga', 'New Nia'), at('2026-11-20T13:00:00Z'), { pendingId: pending!.id })).toBeNull()
			expect(await findPlayer(db(), 'old olga')).toBeDefined()

			const again = (await storePending(db(), change('Old Olga', 'New Nia'), 'Too much XP.'))!
			const applied = await applyNameChange(db(), change('Old Olga', 'New Nia'), at('2026-11-20T14:00:00Z'), { pendingId: again.id })
			expect(applied).toMatchObject({ id: again.id, status: 'applied', reason: 'Too much XP.' })
			expect(await findPlayer(db(), 'new nia')).toBeDefined()
			expect(await listNameChanges(db())).toEqual([applied])
			expect(await listNameChanges(db(), { status: 'pending' })).toEqual([])
		})

		test('a name without history is not changed, and nothing is stored', async () => {
			expect(await applyNameChange(db(), change('Nobody', 'New Nia'), at('2026-11-20T12:00:00Z'))).toBeNull()
			expect(await listNameChanges(db())).toEqual([])
		})

		test('an old name points along later changes, and not once someone is tracked under it again', async () => {
			await recordFetch(db(), fetchOf('A Name', '2026-11-01T10:00:00Z', 1000))
			await applyNameChange(db(), change('A Name', 'B Name'), at('2026-11-10T00:00:00Z'))
			await applyNameChange(db(), change('B Name', 'C Name'), at('2026-11-11T00:00:00Z'))
			expect(await resolveRename(db(), 'a name')).toEqual({ key: 'c name', name: 'C Name' })
			expect(await resolveRename(db(), 'b name')).toEqual({ key: 'c name', name: 'C Name' })
			await recordFetch(db(), fetchOf('A Name', '2026-11-12T10:00:00Z', 5))
			expect(await resolveRename(db(), 'a name')).toBeUndefined()
		})
	})
}
