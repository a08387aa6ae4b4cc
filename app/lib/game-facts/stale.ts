import { type GameUpdateEntry, updateTopics } from './schema.ts'

/** An update that came after a page (or activity) was last verified and touched one of its topics. */
export type StaleReason = { title: string; date: string; topics: string[] }

/**
 * Whether `update` came after `verified`. A month-only update (`2026-07`) counts only from the next
 * month: a page verified on 15 July may already include it, and we do not cry wolf.
 */
function isAfter(update: string, verified: string): boolean {
	return update.length === 7 ? verified.slice(0, 7) < update : verified < update
}

/**
 * The updates that make a page stale: newer than its verified day and touching a topic it cites.
 * A page with no verified day has no reasons here (the content check reports it instead).
 */
export function staleReasons(
	verified: string | null | undefined,
	topics: Iterable<string>,
	updates: readonly GameUpdateEntry[],
): StaleReason[] {
	if (!verified) return []
	const own = new Set(topics)
	return updates.flatMap((update) => {
		if (!isAfter(update.date, verified)) return []
		const shared = updateTopics(update).filter((topic) => own.has(topic))
		return shared.length > 0 ? [{ title: update.title, date: update.date, topics: shared }] : []
	})
}
