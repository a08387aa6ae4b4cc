/** Cache-Control values, one place for all of them. */
export const CACHE_CONTROL = {
	/** Hashed build assets never change. */
	immutable: 'public, max-age=31536000, immutable',
	/** HTML and route data: short, so a deploy shows up within minutes. */
	page: 'public, max-age=300, stale-while-revalidate=86400',
	/**
	 * Uploaded images: their URL names their content, so they never change. no-transform: a
	 * compressing middleware or CDN must not re-encode them (it would break Range and the strong ETag).
	 */
	upload: 'public, max-age=31536000, immutable, no-transform',
	/** Other public files (icons, illustrations, sounds). */
	static: 'public, max-age=86400, stale-while-revalidate=604800',
	/** Player lookups: per player and changing as they play; browsers may reuse one briefly. */
	playerData: 'private, max-age=60',
	/** Rendered pages without a value of their own: a cache must ask us again before reusing one. */
	revalidate: 'no-cache',
	/** Errors, forms' answers, anything never to be reused. */
	none: 'no-store',
	/** Pages read from the database per request (player pages, top gainers, the dashboard): no shared cache keeps them. */
	personal: 'private, no-store',
} as const
