import type { Env } from './env.server.ts'

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

export const POSTHOG_HOSTS = ['https://us.i.posthog.com', 'https://us-assets.i.posthog.com']

function origin(url: string | undefined): string | undefined {
	if (!url) return undefined
	try {
		return new URL(url).origin
	} catch {
		return undefined
	}
}

/**
 * Where the browser talks to S3 storage: uploads PUT to presigned URLs and the gallery loads
 * images from it. Without S3_ENDPOINT that is AWS itself, virtual-hosted or path-style.
 */
function storageOrigins(env: Env): string[] {
	const aws =
		!env.S3_ENDPOINT && env.S3_BUCKET && env.S3_REGION !== 'auto'
			? [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`, `https://s3.${env.S3_REGION}.amazonaws.com`]
			: []
	return [origin(env.S3_ENDPOINT), origin(env.S3_PUBLIC_URL), ...aws].filter((o): o is string => Boolean(o))
}

/**
 * The Content-Security-Policy for an HTML document. Inline scripts are allowed by nonce (server
 * rendered) or by their sha256 hashes (prerendered files, whose scripts are known at build time).
 */
export function contentSecurityPolicy(env: Env, scripts: { nonce: string } | { hashes: string[] }): string {
	const inline = 'nonce' in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((h) => `'${h}'`)
	const extra = env.STORAGE === 's3' ? storageOrigins(env) : []
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		'script-src': ["'self'", ...inline, ...POSTHOG_HOSTS],
		'style-src': ["'self'", "'unsafe-inline'"],
		'img-src': ["'self'", 'data:', 'blob:', ...extra],
		'font-src': ["'self'"],
		'connect-src': ["'self'", ...POSTHOG_HOSTS, ...extra],
		'media-src': ["'self'"],
		'frame-src': ['https://www.youtube-nocookie.com'],
		'object-src': ["'none'"],
		'base-uri': ["'self'"],
		'form-action': ["'self'"],
		'frame-ancestors': ["'none'"],
	}
	return Object.entries(directives)
		.map(([name, values]) => `${name} ${values.join(' ')}`)
		.join('; ')
}

/** Headers of hashed build assets: scripts and styles, never documents. */
export const ASSET_HEADERS: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' }

/** Headers every other response gets. */
export const SECURITY_HEADERS: Record<string, string> = {
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	'X-Frame-Options': 'DENY',
	'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
	'Cross-Origin-Opener-Policy': 'same-origin',
}
