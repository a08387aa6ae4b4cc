/** The addresses of the tracker's pages, which every feature that names a player links to. */

/** `/players/Zezima_Jr`: spaces as `_` (the game treats them alike), so the address reads cleanly. */
export function playerPath(name: string): string {
	return `/players/${encodeURIComponent(name.trim().replaceAll(' ', '_'))}`
}

/** The top-gainers boards (this week, all skills). */
export const TOP_GAINERS_PATH = '/players'
