/** Cache-Control values, one place for all of them. */
export const CACHE_CONTROL = {
	/** Hashed build assets never change. */
	immutable: 'public, max-age=31536000, immutable',
	/** HTML and route data: short, so a deploy shows up within minutes. */
	page: 'public, max-age=300, stale-while-revalidate=86400',
	/** Other public files (icons, illustrations, sounds). */
	static: 'public, max-age=86400, stale-while-revalidate=604800',
	/** Player lookups: per player and changing as they play; browsers may reuse one briefly. */
	playerData: 'private, max-age=60',
	none: 'no-store',
} as const
