import { z } from 'zod'
import { trimTrailingSlashes } from '#app/lib/url-path.ts'
import { parseTrustProxy, type TrustProxy } from './trust-proxy.server.ts'

const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes')
const positiveInt = z.coerce.number().int().positive()
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform(trimTrailingSlashes)
const optionalText = z.string().trim().min(1).optional()

/** Server configuration, read once at start. Every variable is optional: the defaults run a complete site. */
const envSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
		PORT: z.coerce.number().int().min(0).max(65535).default(3000),
		HOST: z.string().trim().min(1).default('0.0.0.0'),
		/** Public origin of the site, used for canonical URLs and the sitemap (default below). */
		SITE_URL: httpUrl.optional(),
		/**
		 * Reverse proxies in front of the server: how many (usually 1), or their addresses. Only the
		 * X-Forwarded-For hops they appended are believed (see trust-proxy.server.ts).
		 */
		TRUST_PROXY: z
			.string()
			.default('')
			.transform((value, ctx): TrustProxy => {
				const parsed = parseTrustProxy(value)
				if (typeof parsed !== 'string') return parsed
				ctx.addIssue({ code: 'custom', message: parsed })
				return z.NEVER
			}),
		/** Several instances share limits, the player cache and sessions through this Redis. */
		REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),

		/**
		 * A PostgreSQL server shared by every instance. Unset: the embedded engine (PGlite) keeps its
		 * files under DATA_DIR/db.
		 */
		DATABASE_URL: z
			.url({
				protocol: /^postgres(ql)?$/,
				error: 'must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database)',
			})
			.optional(),
		/**
		 * Upstream calls a second the server may make, all of them (lookups, Updates, refresh, backfill)
		 * and all instances together. Default 0.25 (15 a minute): RuneScape's services publish no limit,
		 * and scripts are reported to get 429s at about 20 a minute from one address.
		 */
		TRACKER_UPSTREAM_RPS: z.coerce.number().positive().max(50).default(0.25),
		/** New players one client (an address) may start tracking a day. */
		TRACKER_NEW_PLAYERS_PER_CLIENT_PER_DAY: positiveInt.max(10_000).default(10),
		/** New players all clients together may start tracking an hour (each costs a 29-call backfill). */
		TRACKER_NEW_PLAYERS_PER_HOUR: positiveInt.max(1_000_000).default(15),
		/** The daily refresh of tracked players: on by default. */
		TRACKER_REFRESH: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
		/**
		 * Browser tests only: lets a test move this server's clock forward (`POST /api/test/clock`).
		 * Its name is long on purpose; the server says loudly at start that it is on.
		 */
		TEST_ONLY_SHIFTABLE_CLOCK: flag.default(false),
		/**
		 * Browser tests only: the pause between idle passes of the competitions' update rounds and
		 * Discord outbox, and between the groups' announcement passes (unset: 10 s, 2 s and 15 s), so
		 * a test sees "nothing more was sent" in seconds.
		 */
		TEST_ONLY_COMPETITION_IDLE_MS: positiveInt.max(60_000).optional(),

		RUNEMETRICS_BASE_URL: httpUrl.default('https://apps.runescape.com/runemetrics'),
		HISCORES_BASE_URL: httpUrl.default('https://secure.runescape.com/m=hiscore'),
		/** Jagex's clan member lists (`members_lite.ws`), for groups made from a clan. */
		CLAN_HISCORES_BASE_URL: httpUrl.default('https://secure.runescape.com/m=clan-hiscores'),
		UPSTREAM_TIMEOUT_MS: positiveInt.max(60_000).default(5000),
		/**
		 * Where Discord notifications are posted: `{base}/webhooks/{id}/{token}`, the id and token taken
		 * from the webhook URL an admin gave (only discord.com's accepted). Tests point it at a receiver.
		 */
		DISCORD_API_BASE_URL: httpUrl.default('https://discord.com/api'),
		PLAYER_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
		RATE_LIMIT_DISABLED: flag.default(false),
		/** Groups one client may create an hour (not lifted by RATE_LIMIT_DISABLED). */
		GROUP_CREATION_LIMIT_PER_HOUR: positiveInt.max(10_000).default(10),
		/** Reader reports ("Something wrong on this page?") per client per hour, and per hour site-wide. */
		// 30 addresses at the per-client limit send 150 an hour: the site-wide limit is a last resort far above.
		FEEDBACK_LIMIT_PER_HOUR: positiveInt.max(10_000).default(5),
		FEEDBACK_GLOBAL_LIMIT_PER_HOUR: positiveInt.max(1_000_000).default(1000),

		/** PostHog project key (public). Analytics stay off when it is unset; read at build time for prerendered pages. */
		POSTHOG_KEY: optionalText,
		POSTHOG_HOST: httpUrl.default('https://us.i.posthog.com'),

		STORAGE: z.enum(['disk', 's3']).default('disk'),
		DATA_DIR: z.string().trim().min(1).default('./.data'),
		MAX_UPLOAD_BYTES: positiveInt.optional(),
		API_KEYS: optionalText,
		DASHBOARD_PASSWORD: optionalText,
		SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
		S3_ENDPOINT: httpUrl.optional(),
		S3_REGION: z.string().trim().min(1).default('auto'),
		S3_BUCKET: optionalText,
		S3_ACCESS_KEY_ID: optionalText,
		S3_SECRET_ACCESS_KEY: optionalText,
		S3_PUBLIC_URL: httpUrl.optional(),
	})
	.superRefine((env, ctx) => {
		if (env.STORAGE !== 's3') return
		for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
			if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE=s3' })
		}
	})
	.transform((env) => ({
		...env,
		SITE_URL: env.SITE_URL ?? 'http://localhost:3000',
		/** SITE_URL was set: only then is it trusted for the absolute URLs the image API hands out. */
		siteUrlConfigured: env.SITE_URL !== undefined,
	}))

export type Env = z.infer<typeof envSchema>

/** Parses an environment; throws an error that names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
	// Treat empty strings as unset, as most deploy tools write them for blank fields.
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
	const result = envSchema.safeParse(cleaned)
	if (result.success) return result.data
	const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
	throw new Error(`Invalid server configuration:\n${lines.join('\n')}`)
}

let cached: Env | undefined

export function getEnv(): Env {
	cached ??= parseEnv(process.env)
	return cached
}
