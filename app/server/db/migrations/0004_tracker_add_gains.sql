-- The gains written with each changed snapshot, as functions: PL/pgSQL keeps their plans for the
-- session, which on PGlite makes a snapshot write several times faster than sending the same SQL as
-- one statement each time (decision 0014). Called from app/tracker/server/gains-store.server.ts;
-- skill -1 is OVERALL_SKILL there.

-- Raises the player's records to the candidates that beat them (a tie keeps the older record).
-- One candidate per (period, skill).
CREATE FUNCTION tracker_raise_records(p_player integer, p_from_backfill boolean, p_period text[], p_skill smallint[], p_xp bigint[], p_start date[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO tracker_gain_records AS r (player_id, period, skill, xp, start, from_backfill)
	SELECT p_player, c.period, c.skill, c.xp, c.start, p_from_backfill
	FROM unnest(p_period, p_skill, p_xp, p_start) AS c(period, skill, xp, start)
	ON CONFLICT (player_id, period, skill) DO UPDATE
	SET xp = excluded.xp, start = excluded.start, from_backfill = excluded.from_backfill
	WHERE r.xp < excluded.xp;
END
$$;
--> statement-breakpoint

-- Adds one snapshot's gains (XP per skill, id order) to its UTC day, ISO week and month; drops the
-- player's week and month totals that start before p_keep_from (the boards show the current and
-- the previous period only); raises the records the new day, week and month totals beat.
CREATE FUNCTION tracker_add_gains(p_player integer, p_day date, p_week date, p_month date, p_keep_from date, p_gained integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_day integer[];
BEGIN
	INSERT INTO tracker_daily_gains AS d (player_id, day, xp_gained)
	VALUES (p_player, p_day, p_gained)
	ON CONFLICT (player_id, day) DO UPDATE SET xp_gained = (
		SELECT array_agg(coalesce(old, 0) + coalesce(new, 0) ORDER BY i)
		FROM unnest(d.xp_gained, excluded.xp_gained) WITH ORDINALITY AS t(old, new, i))
	RETURNING xp_gained INTO v_day;

	DELETE FROM tracker_period_gains WHERE player_id = p_player AND start < p_keep_from;

	INSERT INTO tracker_period_gains AS g (player_id, period, start, skill, xp)
	WITH gained AS (
		SELECT (u.i - 1)::smallint AS skill, u.xp::bigint AS xp
		FROM unnest(p_gained) WITH ORDINALITY AS u(xp, i) WHERE u.xp > 0
	),
	entries AS (
		SELECT skill, xp FROM gained
		UNION ALL SELECT -1::smallint, sum(xp)::bigint FROM gained HAVING count(*) > 0
	)
	SELECT p_player, p.period, p.start, e.skill, e.xp
	FROM entries AS e CROSS JOIN (VALUES ('week', p_week), ('month', p_month)) AS p(period, start)
	ON CONFLICT (player_id, period, start, skill) DO UPDATE SET xp = g.xp + excluded.xp;

	PERFORM tracker_raise_records(p_player, false, array_agg(c.period), array_agg(c.skill), array_agg(c.xp), array_agg(c.start))
	FROM (
		SELECT period, skill, xp, start FROM tracker_period_gains
		WHERE player_id = p_player AND ((period = 'week' AND start = p_week) OR (period = 'month' AND start = p_month))
		UNION ALL
		SELECT 'day', (u.i - 1)::smallint, u.xp::bigint, p_day FROM unnest(v_day) WITH ORDINALITY AS u(xp, i) WHERE u.xp > 0
		UNION ALL
		SELECT 'day', -1::smallint, sum(x)::bigint, p_day FROM unnest(v_day) AS x WHERE x > 0 HAVING count(*) > 0
	) AS c;
END
$$;
--> statement-breakpoint

-- A fetch's first step: unless the key opted out, creates or updates the player's row (locking it
-- for the transaction), then reads the latest snapshot up to the fetch. A second statement, so it
-- sees what a transaction that held the lock before this one wrote. No row = opted out.
CREATE FUNCTION tracker_begin_fetch(p_key text, p_name text, p_at timestamptz, p_profile text, p_ranks bytea)
RETURNS TABLE (id integer, created boolean, quests_known_since timestamptz, last_checked_at timestamptz,
	latest_taken_at timestamptz, latest_source smallint, latest_quest_points smallint, latest_rank integer,
	latest_quests_complete smallint, latest_quests_started smallint, latest_skills bytea)
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO tracked_players AS t (key, name, tracked_since, last_checked_at, last_fetch_at, last_looked_up_at, profile, backfill_next_at, ranks)
	SELECT p_key, p_name, p_at, p_at, p_at, p_at, p_profile, p_at, p_ranks
	WHERE NOT EXISTS (SELECT 1 FROM tracker_opt_outs AS o WHERE o.key = p_key)
	ON CONFLICT (key) DO UPDATE SET
		name = excluded.name,
		profile = excluded.profile,
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
