/**
 * Time along the events of data/events.json (see events.schema.ts): when each starts and ends,
 * what the home page hero shows at a moment, and the build's timeline checks. No zod here: the
 * home page bundle imports this.
 */
import type { GameEvent } from './events.schema.ts'

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
	{ kind: 'intro' } | { kind: 'countdown'; event: GameEvent; target: number } | { kind: 'live'; event: GameEvent; target: number }

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
