import { z } from 'zod'

/**
 * data/events.json: the game events the home page counts down to. Validated at build time
 * (scripts/build/events.ts); the browser only reads the checked copy.
 *
 * `start` and `end` are ISO date-times with a zone (`2026-08-10T12:00:00Z`), or plain dates
 * (`2025-09-15`) when only the day was announced: a plain start means 00:00 UTC that day and a
 * plain end means the whole day is included (it ends at 00:00 UTC the next day). An event without
 * an `end` is a moment (a launch): once it has started the home page moves on.
 */
const text = z
	.string()
	.trim()
	.min(1, 'must not be empty')

const moment = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
	error: 'must be a date (2025-09-15) or a date-time with a zone (2025-09-15T11:00:00Z)',
})

const pathOrUrl = z
	.string()
	.regex(/^(\/\S*|https:\/\/\S+)$/, 'must be a site path (/leagues) or an https:// address')

export const EVENT_KINDS = ['league', 'double-xp', 'seasonal', 'update'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

export const gameEventSchema = z.strictObject({
	name: text,
	kind: z.enum(EVENT_KINDS),
	start: moment,
	end: moment.optional(),
	/** Where to read more: a page of ours (`/leagues`) or an https address. */
	link: pathOrUrl,
	/** One short sentence in our own words. */
	description: text.max(160, 'keep the description under 160 characters'),
	/** Where the dates come from: https addresses, or a page of ours that states (and sources) them. */
	sources: z.array(pathOrUrl).min(1, 'name at least one source'),
})
export type GameEvent = z.infer<typeof gameEventSchema>

export const gameEventsSchema = z.array(gameEventSchema)

const DAY = 86_400_000
const isPlainDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)

/** When the event starts, in ms since the epoch. */
export function startOf(event: Pick<GameEvent, 'start'>): number {
	return Date.parse(isPlainDate(event.start) ? `${event.start}T00:00:00Z` : event.start)
}

/** When the event ends (exclusive), or undefined for a moment. */
export function endOf(event: Pick<GameEvent, 'end'>): number | undefined {
	if (!event.end) return undefined
	return isPlainDate(event.end) ? Date.parse(`${event.end}T00:00:00Z`) + DAY : Date.parse(event.end)
}

/**
 * Problems with the timeline as a whole: an event that ends before it starts, and events that
 * overlap (the hero shows one event at a time). Messages name the events.
 */
export function timelineProblems(events: readonly GameEvent[]): string[] {
	const problems: string[] = []
	for (const event of events) {
		const end = endOf(event)
		if (end !== undefined && end <= startOf(event)) {
			problems.push(`"${event.name}": ends (${event.end}) before it starts (${event.start})`)
		}
	}
	const sorted = [...events].sort((a, b) => startOf(a) - startOf(b))
	let latest: GameEvent | undefined
	for (const event of sorted) {
		if (latest) {
			const latestEnd = endOf(latest) ?? startOf(latest)
			const sameMoment = startOf(event) === startOf(latest)
			if (sameMoment || startOf(event) < latestEnd) {
				problems.push(`"${event.name}" (from ${event.start}) overlaps "${latest.name}" (${latest.start} to ${latest.end ?? latest.start})`)
			}
		}
		if (!latest || (endOf(event) ?? startOf(event)) > (endOf(latest) ?? startOf(latest))) latest = event
	}
	return problems
}

export type HeroState =
	| { kind: 'intro' }
	| { kind: 'countdown'; event: GameEvent; target: number }
	| { kind: 'live'; event: GameEvent; target: number }

/**
 * What the home page hero shows at `now`: the event running now with the time left to its end;
 * else a countdown to the next event to start; else the evergreen introduction.
 */
export function heroState(events: readonly GameEvent[], now: number): HeroState {
	for (const event of events) {
		const end = endOf(event)
		if (end !== undefined && startOf(event) <= now && now < end) return { kind: 'live', event, target: end }
	}
	let next: GameEvent | undefined
	for (const event of events) {
		if (startOf(event) > now && (!next || startOf(event) < startOf(next))) next = event
	}
	return next ? { kind: 'countdown', event: next, target: startOf(next) } : { kind: 'intro' }
}
