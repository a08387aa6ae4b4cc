import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { classifyPlayerLog, createGroup, syncRoster } from '#app/groups/server/groups-store.server.ts'
import { queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { findPlayer, recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import { createAnnouncer } from './announcements.server.ts'
import { setWebhook } from './competitions-store.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
})

const at = (iso: string) => new Date(iso)

test("a group's webhook hears of members joining, milestones and the drops and kills on its list, once each, none from before it was set", async () => {
	const db = handle.db
	const member = (name: string) => ({ key: name.toLowerCase(), name, rank: 'Recruit' as const, totalXp: 1_000 })
	const groupId = await createGroup(
		db,
		{ name: 'Clan', clanName: 'Clan', codeHash: 'h', citadelReset: null, members: [member('Zezima')] },
		at('2026-11-20T00:00:00Z'),
	)
	await setWebhook(
		db,
		{ groupId },
		{ id: '1', token: 't' },
		['member-joined', 'member-left', 'milestone', 'log-match'],
		at('2026-11-27T00:00:00Z'),
		['vorago'],
	)
	await syncRoster(db, groupId, [member('Zezima'), member('Anna')], at('2026-11-27T12:00:00Z'))
	await recordFetch(db, {
		key: 'zezima',
		name: 'Zezima',
		fetchedAt: at('2026-11-27T13:00:00Z'),
		snapshot: snapshotOf({ magic: 13_034_431 }),
		quests: null,
		activities: [
			{ date: '2026-11-26T09:00:00.000Z', text: 'I killed 2 Voragos.', details: '' },
			{ date: '2026-11-27T09:00:00.000Z', text: 'I killed 3 Voragos.', details: '' },
			{ date: '2026-11-27T09:30:00.000Z', text: 'I found some Dragon bones.', details: '' },
			{ date: '2026-11-27T10:00:00.000Z', text: 'Levelled up Magic.', details: 'I levelled my Magic skill, I am now level 99.' },
		],
	})
	await classifyPlayerLog(db, (await findPlayer(db, 'zezima'))!.id)
	const announcer = createAnnouncer('https://guide.example')
	await announcer.groups(db, at('2026-11-27T14:00:00Z'))
	await announcer.groups(db, at('2026-11-27T14:00:15Z'))
	const rows = await queryRows<{ kind: string; event: { player: string } }>(db, sql`select kind, event from discord_outbox order by id`)
	expect(rows.map((row) => [row.kind, row.event.player])).toEqual([
		['member-joined', 'Anna'],
		['log-match', 'Zezima'],
		['milestone', 'Zezima'],
	])
})

test("the quest cape milestone: from the tracker's quests, once per member even with two instances; none for a member capped at the first fetch", async () => {
	const db = handle.db
	await db.execute(sql`truncate discord_outbox, discord_webhooks, groups, tracked_players restart identity cascade`)
	const member = (name: string) => ({ key: name.toLowerCase(), name, rank: 'Recruit' as const, totalXp: 1_000 })
	const groupId = await createGroup(
		db,
		{ name: 'Capes', clanName: null, codeHash: 'h', citadelReset: null, members: [member('Quester'), member('Veteran')] },
		at('2026-11-20T00:00:00Z'),
	)
	await setWebhook(db, { groupId }, { id: '1', token: 't' }, ['milestone'], at('2026-11-27T00:00:00Z'))
	const cape = { quests: ["Cook's Assistant", 'Dragon Slayer I'], questName: (title: string) => title }
	const fetched = (name: string, when: string, done: string[]) =>
		recordFetch(db, {
			key: name.toLowerCase(),
			name,
			fetchedAt: at(when),
			snapshot: snapshotOf({ magic: 1_000 }),
			quests: [
				...done.map((title) => ({ title, status: 'COMPLETED' as const })),
				{ title: 'Dragon Slayer I', status: done.includes('Dragon Slayer I') ? ('COMPLETED' as const) : ('STARTED' as const) },
			],
			activities: [],
		})
	await fetched('Veteran', '2026-11-27T10:00:00Z', ["Cook's Assistant", 'Dragon Slayer I'])
	await fetched('Quester', '2026-11-27T10:00:00Z', ["Cook's Assistant"])
	const instances = [createAnnouncer('https://guide.example', cape), createAnnouncer('https://guide.example', cape)]
	await Promise.all(instances.map((announcer) => announcer.groups(db, at('2026-11-27T11:00:00Z'))))
	const milestones = () =>
		queryRows<{ key: string; event: { player: string } }>(db, sql`select event_key as key, event from discord_outbox order by id`)
	expect(await milestones()).toEqual([])

	await fetched('Quester', '2026-11-28T10:00:00Z', ["Cook's Assistant", 'Dragon Slayer I'])
	await fetched('Veteran', '2026-11-28T10:00:00Z', ["Cook's Assistant", 'Dragon Slayer I'])
	await Promise.all(instances.map((announcer) => announcer.groups(db, at('2026-11-28T11:00:00Z'))))
	await instances[0]!.groups(db, at('2026-11-28T11:00:15Z'))
	expect((await milestones()).map((row) => [row.key, row.event.player])).toEqual([[`group:${groupId}:quest-cape:quester`, 'Quester']])
	// Without the rule (an announcer not given it) nothing is looked at.
	await db.execute(sql`truncate discord_outbox`)
	await createAnnouncer('https://guide.example').groups(db, at('2026-11-28T11:00:30Z'))
	expect(await milestones()).toEqual([])
})
