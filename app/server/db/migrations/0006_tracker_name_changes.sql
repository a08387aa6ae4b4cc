ALTER TABLE "tracked_players" ADD COLUMN "possible_name_change_at" timestamp with time zone;
--> statement-breakpoint

-- A player's name is RuneMetrics' spelling from the newest public profile: a hiscores fetch (a
-- private profile) carries the name as the visitor typed it, which no longer replaces it. The
-- profile, like the ranks, is the newest fetch's: a late answer recorded after it changes neither.
CREATE OR REPLACE FUNCTION tracker_begin_fetch(p_key text, p_name text, p_at timestamptz, p_profile text, p_ranks bytea)
RETURNS TABLE (id integer, created boolean, quests_known_since timestamptz, last_checked_at timestamptz,
	latest_taken_at timestamptz, latest_source smallint, latest_quest_points smallint, latest_rank integer,
	latest_quests_complete smallint, latest_quests_started smallint, latest_skills bytea)
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO tracked_players AS t (key, name, tracked_since, last_checked_at, last_fetch_at, last_looked_up_at, profile, backfill_next_at, ranks)
	SELECT p_key, p_name, p_at, p_at, p_at, p_at, p_profile, p_at, p_ranks
	WHERE NOT EXISTS (SELECT 1 FROM tracker_opt_outs AS o WHERE o.key = p_key)
	ON CONFLICT (key) DO UPDATE SET
		name = CASE WHEN excluded.profile = 'public' AND excluded.last_checked_at >= t.last_checked_at THEN excluded.name ELSE t.name END,
		profile = CASE WHEN excluded.last_checked_at >= t.last_checked_at THEN excluded.profile ELSE t.profile END,
		ranks = CASE WHEN excluded.last_checked_at >= t.last_checked_at THEN excluded.ranks ELSE t.ranks END,
		last_checked_at = greatest(t.last_checked_at, excluded.last_checked_at),
		last_fetch_at = greatest(t.last_fetch_at, excluded.last_fetch_at)
	RETURNING t.id, (t.xmax = 0), t.quests_known_since, t.last_checked_at
	INTO id, created, quests_known_since, last_checked_at;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	SELECT s.taken_at, s.source, s.quest_points, s.rank, s.quests_complete, s.quests_started, s.skills
	INTO latest_taken_at, latest_source, latest_quest_points, latest_rank, latest_quests_complete, latest_quests_started, latest_skills
	FROM tracker_snapshots AS s WHERE s.player_id = id AND s.taken_at <= p_at ORDER BY s.taken_at DESC LIMIT 1;
	RETURN NEXT;
END
$$;
