import type { Env } from '#app/server/env.server.ts'

/**
 * Where the browser talks to PostHog, following POSTHOG_HOST: PostHog's own US and EU clouds
 * serve their scripts from a separate assets host; any other host (e.g. a reverse proxy) serves
 * both from itself (as posthog-js's request router does).
 */
function posthogOrigins(host: string): string[] {
	const hostOrigin = origin(host)
	if (!hostOrigin) return []
	const cloud = /^https:\/\/(us|eu|app)(?:-assets)?(?:\.i)?\.posthog\.com$/.exec(hostOrigin)
	if (!cloud) return [hostOrigin]
	const region = cloud[1] === 'app' ? 'us' : cloud[1]
	return [`https://${region}.i.posthog.com`, `https://${region}-assets.i.posthog.com`]
}

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
	// posthog-js is only loaded with a key: without one the browser never talks to PostHog.
	const analytics = env.POSTHOG_KEY ? posthogOrigins(env.POSTHOG_HOST) : []
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		'script-src': ["'self'", ...inline, ...analytics],
		'style-src': ["'self'", "'unsafe-inline'"],
		'img-src': ["'self'", 'data:', 'blob:', ...extra],
		'font-src': ["'self'"],
		'connect-src': ["'self'", ...analytics, ...extra],
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

/**
 * HSTS when the public origin is https: browsers then never try plain http for a year, on this host
 * and its subdomains. Nothing on http (local runs, tests): a browser would refuse localhost over http.
 */
export function strictTransportSecurity(env: Env): string | undefined {
	return env.SITE_URL.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : undefined
}

/** Headers of hashed build assets: scripts and styles, never documents. */
export const ASSET_HEADERS: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' }

/** Headers every other response gets. */
export const SECURITY_HEADERS: Record<string, string> = {
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	'X-Frame-Options': 'DENY',
	'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
}

/**
 * The author dashboard's: its signed-in pages are also cut off from other sites' windows. Public
 * pages go without COOP: it puts the page in a fresh renderer process on arrival, which cost
 * ~400 ms of blocking time on a phone (decision 0015).
 */
export const DASHBOARD_HEADERS: Record<string, string> = {
	...SECURITY_HEADERS,
	'Cross-Origin-Opener-Policy': 'same-origin',
}
