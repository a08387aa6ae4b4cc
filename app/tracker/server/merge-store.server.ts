/**
 * A name change applied to the tracker: the old name's history moves under the new name. Runs in
 * the caller's transaction (the groups' side of a rename goes with it). Without a row for the new
 * name, the old row simply takes the new key and name. With one (the new name was looked up
 * already), every row of the old name is copied to the new one and the old row deleted:
 * snapshots, quest dates and log entries the new name has already stay as they are (same key, no
 * duplicate); gains of a day, week or month both names saw are added up, the XP gained between the
 * old name's last snapshot and the new name's first counts (unless no account could gain it: like
 * `recordFetch`), and the records are raised from the merged totals.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#app/server/db/database.server.ts'
import { xpGainedBetween } from '#app/tracker/gain-periods.ts'
import { implausibleChange } from '#app/tracker/plausible-gains.ts'
import { addGains } from './gains-store.server.ts'
import { trackedPlayers } from './schema.ts'
import { firstSnapshotAfter, snapshotAt } from './tracker-store.server.ts'

export type MergeResult = { merged: false } | { merged: true; playerId: number }

export async function mergePlayers(tx: Database, fromKey: string, to: { key: string; name: string }): Promise<MergeResult> {
	const [from] = await tx.select().from(trackedPlayers).where(eq(trackedPlayers.key, fromKey)).for('update')
	if (!from) return { merged: false }
	const [into] = await tx.select().from(trackedPlayers).where(eq(trackedPlayers.key, to.key)).for('update')
	if (!into) {
		await tx
			.update(trackedPlayers)
			.set({ key: to.key, name: to.name, historyVersion: sql`${trackedPlayers.historyVersion} + 1` })
			.where(eq(trackedPlayers.id, from.id))
		return { merged: true, playerId: from.id }
	}
	const a = from.id
	const b = into.id
	// The XP gained between the old name's last snapshot and the new name's first was never counted.
	const before = await snapshotAt(tx, a)
	const after = await firstSnapshotAfter(tx, b, new Date(0), into.lastCheckedAt)
	const gap =
		before && after && before.takenAt < after.takenAt && !implausibleChange(before, after)
			? { at: after.takenAt, gained: xpGainedBetween(before, after) }
			: null
	await tx.execute(sql`
		insert into tracker_snapshots (player_id, source, quest_points, taken_at, rank, quests_complete, quests_started, skills)
		select ${b}, source, quest_points, taken_at, rank, quests_complete, quests_started, skills from tracker_snapshots where player_id = ${a}
		on conflict do nothing`)
	// The old name saw these quests first: its dates (or "before tracking") are the true ones.
	await tx.execute(sql`
		insert into tracker_quest_completions (player_id, title, completed_at)
		select ${b}, title, completed_at from tracker_quest_completions where player_id = ${a}
		on conflict (player_id, title) do update set completed_at = excluded.completed_at`)
	await tx.execute(sql`
		insert into tracker_activities (player_id, occurred_at, text, details)
		select ${b}, occurred_at, text, details from tracker_activities where player_id = ${a}
		on conflict do nothing`)
	await tx.execute(sql`
		insert into tracker_backfill_months (player_id, month, xp_gained)
		select ${b}, month, xp_gained from tracker_backfill_months where player_id = ${a}
		on conflict do nothing`)
	await tx.execute(sql`
		insert into tracker_daily_gains as t (player_id, day, xp_gained)
		select ${b}, day, xp_gained from tracker_daily_gains where player_id = ${a}
		on conflict (player_id, day) do update set xp_gained = array(
			select coalesce(u.x, 0) + coalesce(u.y, 0) from unnest(t.xp_gained, excluded.xp_gained) with ordinality as u(x, y, i) order by u.i)`)
	await tx.execute(sql`
		insert into tracker_period_gains as t (player_id, period, start, skill, xp)
		select ${b}, period, start, skill, xp from tracker_period_gains where player_id = ${a}
		on conflict (player_id, period, start, skill) do update set xp = t.xp + excluded.xp`)
	await tx.execute(sql`
		insert into tracker_gain_records as t (player_id, period, skill, xp, start, from_backfill)
		select ${b}, period, skill, xp, start, from_backfill from tracker_gain_records where player_id = ${a}
		on conflict (player_id, period, skill) do update set
			xp = greatest(t.xp, excluded.xp),
			start = case when excluded.xp > t.xp then excluded.start else t.start end,
			from_backfill = case when excluded.xp > t.xp then excluded.from_backfill else t.from_backfill end`)
	if (gap) await addGains(tx, b, new Date(gap.at), gap.gained)
	// A day, week or month both names gained in may now beat a record: raised from the merged totals.
	await tx.execute(sql`
		select tracker_raise_records(${b}, false, array_agg(period), array_agg(skill), array_agg(xp), array_agg(start)) from (
			select distinct on (period, skill) period, skill, xp, start from (
				select period, skill, xp, start from tracker_period_gains where player_id = ${b}
				union all
				select 'day', (u.i - 1)::smallint, u.xp::bigint, d.day
				from tracker_daily_gains d, unnest(d.xp_gained) with ordinality as u(xp, i) where d.player_id = ${b}
				union all
				select 'day', -1::smallint, (select sum(x) from unnest(d.xp_gained) as x)::bigint, d.day from tracker_daily_gains d where d.player_id = ${b}
			) as c where xp > 0 order by period, skill, xp desc, start
		) as best`)
	const backfillDone = into.backfillState !== 'done' && from.backfillState === 'done'
	await tx.execute(
		sql`update tracked_players set
			tracked_since = least(tracked_since, ${from.trackedSince}),
			quests_known_since = least(quests_known_since, ${from.questsKnownSince}),
			last_looked_up_at = greatest(last_looked_up_at, ${from.lastLookedUpAt}),
			possible_name_change_at = greatest(possible_name_change_at, ${from.possibleNameChangeAt}),
			backfill_state = ${backfillDone ? 'done' : into.backfillState},
			history_version = history_version + 1
		where id = ${b}`,
	)
	await tx.delete(trackedPlayers).where(eq(trackedPlayers.id, a))
	return { merged: true, playerId: b }
}
