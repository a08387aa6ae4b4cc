/**
 * A name change applied to the tracker: the old name's history moves under the new name. Runs in
 * the caller's transaction (the groups' side of a rename goes with it). Without a row for the new
 * name, the old row simply takes the new key and name. With one (the new name was looked up
 * already), every row of the old name is copied to the new one and the old row deleted:
 * snapshots, quest dates and log entries the new name has already stay as they are (same key, no
 * duplicate); gains of a day, week or month both names saw are added up; a record keeps the
 * higher of the two.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#app/server/db/database.server.ts'
import { trackedPlayers } from './schema.ts'

export type MergeResult = { merged: false } | { merged: true; playerId: number }

export async function mergePlayers(tx: Database, fromKey: string, to: { key: string; name: string }): Promise<MergeResult> {
	const [from] = await tx.select().from(trackedPlayers).where(eq(trackedPlayers.key, fromKey)).for('update')
	if (!from) return { merged: false }
	const [into] = await tx.select().from(trackedPlayers).where(eq(trackedPlayers.key, to.key)).for('update')
	if (!into) {
		await tx.update(trackedPlayers).set({ key: to.key, name: to.name }).where(eq(trackedPlayers.id, from.id))
		return { merged: true, playerId: from.id }
	}
	const a = from.id
	const b = into.id
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
	const backfillDone = into.backfillState !== 'done' && from.backfillState === 'done'
	await tx.execute(
		sql`update tracked_players set
			tracked_since = least(tracked_since, ${from.trackedSince}),
			quests_known_since = least(quests_known_since, ${from.questsKnownSince}),
			last_looked_up_at = greatest(last_looked_up_at, ${from.lastLookedUpAt}),
			possible_name_change_at = greatest(possible_name_change_at, ${from.possibleNameChangeAt}),
			backfill_state = ${backfillDone ? 'done' : into.backfillState}
		where id = ${b}`,
	)
	await tx.delete(trackedPlayers).where(eq(trackedPlayers.id, a))
	return { merged: true, playerId: b }
}
