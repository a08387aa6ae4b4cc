/**
 * What the tracker saw of a player's adventurer's log. The profile shows only the 20 newest
 * entries: a fetch that got fewer saw the whole log up to then; a full one saw it back to just
 * after its oldest entry's minute (the dates have minute precision, and entries of that minute may
 * have been cut). Two fetches whose spans do not meet leave a gap: entries pushed out of the 20 in
 * between were never seen (a citadel cap among them, say).
 */

/** One fetch of a public profile: when, and what its log held. */
export type LogFetch = { at: Date; entries: number; oldestEntry: Date | null }

export type LogSpan = { from: Date; to: Date }

/** The profile returns at most this many log entries: a full page may have cut older ones. */
const LOG_PAGE = 20
const MINUTE = 60_000

/** The span one fetch saw without a gap; null when it saw nothing (its oldest entry is newer than the fetch). */
export function logSpan(fetch: LogFetch): LogSpan | null {
	const from = fetch.entries < LOG_PAGE || !fetch.oldestEntry ? new Date(0) : new Date(fetch.oldestEntry.getTime() + MINUTE)
	return from <= fetch.at ? { from, to: fetch.at } : null
}

/** Spans merged where they meet or overlap, oldest first. */
export function mergeLogSpans(spans: readonly LogSpan[]): LogSpan[] {
	const merged: LogSpan[] = []
	for (const span of spans.toSorted((a, b) => a.from.getTime() - b.from.getTime())) {
		const last = merged.at(-1)
		if (last && span.from <= last.to) last.to = new Date(Math.max(last.to.getTime(), span.to.getTime()))
		else merged.push({ ...span })
	}
	return merged
}
