/**
 * The one place a RuneScape name is normalised: the player lookup sends `name` upstream and
 * caches under `key`, the browser keys its query by `key`, and anything stored per player uses
 * `key` too. No zod here, so the browser bundle can import it (the rules are in `username-schema.ts`).
 */

export type PlayerName = {
	/** The name to show and to send upstream: `_` and `-` as spaces, trimmed, single spaces. */
	name: string
	/** One per player: `name` in lower case. */
	key: string
}

/**
 * The game treats names case-insensitively and `_`, `-` and space as one character (RuneLite's
 * `Text.toJagexName` folds them the same way), so all of these are one player:
 * `_Zezima_Ab_`, `zezima-ab`, ` Zezima  Ab `. Whatever the request said, upstream is asked for
 * exactly `name`, and the answer is cached under exactly `key`, so a padded or re-spelled name can
 * only ever fill the entry of the player upstream answered for.
 */
export function normalisePlayerName(raw: string): PlayerName {
	const name = raw.replace(/[ _-]+/g, ' ').trim()
	return { name, key: name.toLowerCase() }
}
