import { z } from 'zod'
import { skillNameSchema } from '#app/lib/skill-name-schema.ts'
import { emptyAsAbsent, FIRST_DAY, parseQuery, type QueryResult } from '#app/lib/query-params.ts'
import type { QuestTimeline } from '#app/tracker/api-types.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'

/**
 * A returning player's catch-up: what changed in their account and on the site since a UTC day.
 * Pure (no React, no Node): the server picks and ranks, the browser only shows. "Since D" means
 * after the end of day D (UTC), so a page verified on D or an update of D is not news.
 */

/** The site's changes a catch-up chooses from: `app/generated/catch-up.json`, written by the build. */
export type SiteChanges = {
	/** data/game-updates.yaml, with the address of each on the What Changed page. */
	updates: { date: string; title: string; href: string; topics: string[] }[]
	/** Every guide page with a `lastVerified` day, and the topics it covers. */
	pages: { path: string; title: string; section: string; verified: string; topics: string[] }[]
}

const day = z.iso.date()

/** `GET /api/v1/players/:name/catch-up?since=YYYY-MM-DD` */
export const catchUpSchema = z.object({
	name: z.string(),
	/** The server's UTC day. */
	today: day,
	/**
	 * The day compared against: the `since` asked for, else the day of the player's last snapshot
	 * before today; null when there is none (tracked only today: nothing to compare yet).
	 */
	since: day.nullable(),
	sinceFrom: z.enum(['visit', 'last-snapshot', 'none']),
	trackedSince: z.iso.datetime(),
	/** The snapshots compared (the player's state at the end of `since`, and the latest). */
	compared: z.object({ from: z.iso.datetime().nullable(), to: z.iso.datetime().nullable() }),
	xp: z.object({
		gained: z.number().int().min(0),
		levelsGained: z.number().int().min(0),
		/** Only skills that gained XP, most first. */
		skills: z.array(z.object({ skill: skillNameSchema, xpGained: z.number().int(), levelsGained: z.number().int() })),
	}),
	/** Quests completed after `since`, most quest points first, then newest; `path` is our quest page. */
	quests: z.array(
		z.object({ title: z.string(), completedAt: z.iso.datetime(), questPoints: z.number().int().min(0), path: z.string().nullable() }),
	),
	/** Game updates released after `since`, biggest first (most things changed), then newest. */
	updates: z.array(z.object({ date: z.string(), title: z.string(), href: z.string() })),
	/**
	 * Guide pages verified after `since`: first those rechecked after one of those updates
	 * (`because` names them), then the most recently verified.
	 */
	pages: z.array(z.object({ path: z.string(), title: z.string(), section: z.string(), verified: day, because: z.array(z.string()) })),
})
export type CatchUp = z.infer<typeof catchUpSchema>

const DAY_MS = 86_400_000

/**
 * `?since=YYYY-MM-DD` (a UTC day from 2000-01-01, not after `today`); absent or empty means "the
 * day of the player's last snapshot before today".
 */
export const catchUpQuerySchema = (today: string) =>
	z
		.object({
			since: emptyAsAbsent(
				z.iso
					.date({ error: 'since must be a date like 2026-11-26' })
					.refine((since) => since >= FIRST_DAY, { error: `since must be a day from ${FIRST_DAY}` })
					.refine((since) => since <= today, {
						error: (issue) => `since (${String(issue.input)}) must not be after today (${today}, UTC)`,
					}),
			),
		})
		.transform(({ since }) => ({ since: since ?? null }))

export function parseCatchUpQuery(params: URLSearchParams, today: string): QueryResult<{ since: string | null }> {
	return parseQuery(catchUpQuerySchema(today), params)
}

/** The UTC day after `day`. */
export function dayAfter(day: string): string {
	return utcDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS)
}

/**
 * Whether an update dated `date` came after the end of `since`. A month-only update (`2026-07`)
 * counts when `since` is in an earlier month or in that same month: we cannot tell which side of
 * the visit it fell, and telling a returning player twice beats not telling them at all.
 */
export function updateIsAfter(date: string, since: string): boolean {
	return date.length === 7 ? since.slice(0, 7) <= date : since < date
}

/** Whether an update (a day or a month) came no later than `verified`: a page checked after it. */
function updateNoLaterThan(date: string, verified: string): boolean {
	return date.length === 7 ? date <= verified.slice(0, 7) : date <= verified
}

/** The game updates after `since`, biggest first (the most skills, gear, quests… changed), then newest. */
export function updatesSince(updates: SiteChanges['updates'], since: string): CatchUp['updates'] {
	return updates
		.filter((update) => updateIsAfter(update.date, since))
		.toSorted((a, b) => b.topics.length - a.topics.length || b.date.localeCompare(a.date) || a.title.localeCompare(b.title))
		.map(({ date, title, href }) => ({ date, title, href }))
}

/**
 * The guide pages verified after `since`. A page rechecked after an update (since `since`) that
 * touched one of its topics comes first, most such updates first: its change is about the game,
 * not a typo. Then the most recently verified, then by title.
 */
export function pagesSince(pages: SiteChanges['pages'], updates: SiteChanges['updates'], since: string): CatchUp['pages'] {
	const recent = updates.filter((update) => updateIsAfter(update.date, since))
	return pages
		.filter((page) => page.verified > since)
		.map((page) => {
			const topics = new Set(page.topics)
			const because = recent
				.filter((update) => updateNoLaterThan(update.date, page.verified) && update.topics.some((topic) => topics.has(topic)))
				.map((update) => update.title)
			return { path: page.path, title: page.title, section: page.section, verified: page.verified, because }
		})
		.toSorted((a, b) => b.because.length - a.because.length || b.verified.localeCompare(a.verified) || a.title.localeCompare(b.title))
}

/** What the quest catalogue knows of a RuneMetrics quest title (undefined for one it does not list). */
export type QuestInfo = (title: string) => { path: string; questPoints: number } | undefined

/**
 * Quests completed after the end of `since` (UTC), the most quest points first (the big quests
 * before the miniquests), then newest. Those done before tracking are not dated and not news.
 */
export function questsSince(quests: QuestTimeline['quests'], since: string, info: QuestInfo): CatchUp['quests'] {
	const after = Date.parse(`${dayAfter(since)}T00:00:00Z`)
	return quests
		.flatMap((quest) => {
			if (quest.completedAt === null || Date.parse(quest.completedAt) < after) return []
			const known = info(quest.title)
			return [{ title: quest.title, completedAt: quest.completedAt, questPoints: known?.questPoints ?? 0, path: known?.path ?? null }]
		})
		.toSorted((a, b) => b.questPoints - a.questPoints || b.completedAt.localeCompare(a.completedAt))
}
