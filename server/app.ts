import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { RouterContextProvider } from 'react-router'
import { DASHBOARD_PATH } from '#app/dashboard/paths.ts'
import { getServices } from '#app/dashboard/server/services.server.ts'
import { COMPETITIONS_API_PREFIX, competitionsApiEndpoints } from '#app/competitions/server/competitions-api.server.ts'
import { getCompetitionsService } from '#app/competitions/server/services.server.ts'
import { startCompetitionWork } from '#app/competitions/server/competition-work.server.ts'
import { participantRefresher } from '#app/competitions/server/participant-refresh.server.ts'
import { webhooksApiEndpoints } from '#app/competitions/server/webhooks-api.server.ts'
import { balanceApiEndpoint } from '#app/competitions/server/balance-api.server.ts'
import { createWebhookSettings } from '#app/competitions/server/webhook-settings.server.ts'
import { createApi } from '#app/server/api.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { backgroundWorkSettled, stopBackgroundWork } from '#app/server/background-work.server.ts'
import { secureDataDir } from '#app/server/data-dir.server.ts'
import { closeDatabase, embeddedDataDir, getDatabase } from '#app/server/db/database.server.ts'
import { DB_CONTROL_PATH, writeDbControl } from '#app/server/db/db-control.server.ts'
import { holdDatabaseLock, releaseDatabaseLocks } from '#app/server/db/db-lock.server.ts'
import { GROUPS_API_PREFIX, groupsApiEndpoints } from '#app/groups/server/groups-api.server.ts'
import { namesApiEndpoints } from '#app/groups/server/names-api.server.ts'
import { getGroupsService, getNameChanges } from '#app/groups/server/services.server.ts'
import { PLAYERS_API_PREFIX, playersApiEndpoints } from '#app/tracker/server/players-api.server.ts'
import { startRefresher } from '#app/tracker/server/refresher.server.ts'
import { startGroupWork } from '#app/groups/server/group-work.server.ts'
import { getPlayerServices, questCapeRule } from '#app/server/player-services.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import { planEndpoint } from '#app/planner/server/plan-api.server.ts'
import { getPlanner } from '#app/planner/server/planner.server.ts'
import { clientKeyContext, documentCspContext } from '#app/server/load-context.server.ts'
import { clientKey, trustFunction } from './client-address.ts'
import { ASSET_HEADERS, DASHBOARD_HEADERS, SECURITY_HEADERS, contentSecurityPolicy, strictTransportSecurity } from './http-headers.ts'
import { createDbControlRoute } from './db-control-route.ts'
import { createHealthRoutes, HEALTH_PATH, markShuttingDown, READY_PATH } from './health.ts'
import { createImagesMiddleware } from './images-middleware.ts'
import { createApiRoute } from './api-route.ts'
import aliases from '#app/generated/aliases.json' with { type: 'json' }
import { aliasRedirects, canonicalRedirects } from './redirects.ts'
import {
	closeAfterUnreadBody,
	limitFormBodies,
	refuseAbsurdPaths,
	refuseCrossSiteActions,
	refuseOtherPageMethods,
	refuseUnservable,
} from './request-guards.ts'
import { staticFiles } from './static-files.ts'

/** Validated at import: a bad value stops the server with a message naming the variable. */
export const env = getEnv()
/** TRUST_PROXY as Express's `trust proxy` function: `req.ip`, `req.protocol` and our limits agree. */
const trust = trustFunction(env.TRUST_PROXY)

export const app = express()
app.disable('x-powered-by')
// `false` rather than a function that says no: @react-router/express reads X-Forwarded-Host
// whenever the setting is truthy.
app.set('trust proxy', env.TRUST_PROXY === false ? false : trust)

app.use((req, res, next) => {
	// Hashed assets only need nosniff; the document headers would be bytes on every request.
	const headers = req.path.startsWith('/assets/')
		? ASSET_HEADERS
		: req.path.startsWith(DASHBOARD_PATH)
			? DASHBOARD_HEADERS
			: SECURITY_HEADERS
	for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
	next()
})
// Uploads and downloads stream straight through, ahead of compression and React Router.
let imagesMiddleware: ReturnType<typeof createImagesMiddleware> | undefined
app.use((req, res, next) => {
	if (imagesMiddleware) return imagesMiddleware(req, res, next)
	getServices()
		.then(({ imagesApi }) => {
			imagesMiddleware ??= createImagesMiddleware(imagesApi, trust)
			imagesMiddleware(req, res, next)
		})
		.catch(next)
})
app.use(compression())
app.use(canonicalRedirects)
app.use(aliasRedirects(aliases as Record<string, string>))

if (env.NODE_ENV === 'production') {
	const buildDir = path.resolve('build')
	app.use(staticFiles(path.join(buildDir, 'client'), path.join(buildDir, 'csp-hashes.json'), env))
}

const documentCsp = (nonce: string) => contentSecurityPolicy(env, { nonce })

const loadBuild = () => import('virtual:react-router/server-build')

app.use(limitFormBodies)
app.use(refuseAbsurdPaths)
app.use(refuseOtherPageMethods(async () => (await loadBuild()).routes))
app.use(refuseCrossSiteActions)
app.use(
	createRequestHandler({
		build: loadBuild,
		mode: env.NODE_ENV === 'production' ? 'production' : 'development',
		// What route modules know of the request beyond the Request itself, worked out here once.
		getLoadContext(req) {
			const context = new RouterContextProvider()
			context.set(clientKeyContext, clientKey(req, trust))
			context.set(documentCspContext, documentCsp)
			return context
		},
	}),
)

const { lookup: playerData, tracker } = getPlayerServices()
/** The JSON API's one table (decision 0017); the images API streams bodies and stays in Express. */
const api = createApi(
	[
		playerData.endpoint,
		// The plan API looks players up through the same core: one cache, one rate limit, one set of errors.
		planEndpoint(playerData, getPlanner(), async (key) => (await tracker.player(key))?.pace() ?? { status: 'not-tracked' }),
		// A changed name's reads answer 308 to the new name's.
		...playersApiEndpoints(tracker, playerData, undefined, (key) => getNameChanges().renamedTo(key)),
		...groupsApiEndpoints(getGroupsService()),
		...namesApiEndpoints(getNameChanges()),
		// Before `/api/v1/competitions/:id`, which the path would match too.
		balanceApiEndpoint({
			db: async () => (await getDatabase()).db,
			now: () => new Date(getClock().now()),
			limiter: getSharedState().limiter('competition-balance', { max: 30, windowMs: 3_600_000, refill: 'window' }),
		}),
		...competitionsApiEndpoints(getCompetitionsService()),
		...webhooksApiEndpoints(createWebhookSettings({ db: async () => (await getDatabase()).db, now: () => new Date(getClock().now()) })),
	],
	[PLAYERS_API_PREFIX, `${GROUPS_API_PREFIX}/`, `${COMPETITIONS_API_PREFIX}/`],
)
const serveApi = createApiRoute(api.serve, trust)
const clock = getClock()
const serveHealth = createHealthRoutes(env)

/**
 * Every request: unknown methods, overlong URLs and bad hosts are refused first (a body nobody will
 * read closes the connection after the answer); then the JSON API on its fast path, the rest
 * through Express.
 */
const hsts = strictTransportSecurity(env)

export function handleRequest(req: IncomingMessage, res: ServerResponse) {
	if (hsts) res.setHeader('Strict-Transport-Security', hsts)
	const path = req.url?.split('?')[0]
	const isApi = path !== undefined && api.handles(path)
	// The table's endpoints read only the bodies they declare (capped): any other is left unread.
	closeAfterUnreadBody(req, res, isApi && !api.readsBody(path, req.method ?? 'GET'))
	if (refuseUnservable(req, res)) return
	if (path === HEALTH_PATH || path === READY_PATH) void serveHealth(req, res, path)
	else if (isApi) void serveApi(req, res)
	else if (path === TEST_CLOCK_PATH && clock.shift) shiftTestClock(req, res, clock.shift)
	else if (path?.startsWith(DB_CONTROL_PATH) && serveDbControl) void serveDbControl(req, res)
	else app(req, res)
}

/**
 * Run by server/index.js before listening: credentials are created (and printed) on the first
 * start, and Redis (with REDIS_URL) gets a moment to connect so the first requests share state.
 */
export async function onStart() {
	secureDataDir(env.DATA_DIR)
	// The embedded database has one owner: this server, from now until it exits (db-lock.server.ts).
	if (!env.DATABASE_URL) holdDatabaseLock(embeddedDataDir(env.DATA_DIR), `the server on port ${env.PORT}`)
	// A PostgreSQL server is checked (and migrated) now; PGlite opens on first use.
	await Promise.all([getServices(), getSharedState().ready(), env.DATABASE_URL ? getDatabase() : undefined])
	if (env.TRACKER_REFRESH === 'on') {
		startRefresher(getPlayerServices())
		startGroupWork()
	}
	stopCompetitionWork = startCompetitionWork({ env, refresh: participantRefresher(tracker, playerData), questCape: questCapeRule() })
	// `npm run db -- backup|restore` reach the embedded database through this server.
	if (!env.DATABASE_URL) serveDbControl = createDbControlRoute(writeDbControl(env.DATA_DIR, env.PORT))
}

let serveDbControl: ReturnType<typeof createDbControlRoute> | undefined
let stopCompetitionWork: (() => Promise<void>) | undefined

/**
 * Run by server/index.js on SIGTERM/SIGINT: /readyz answers 503 and background work (the
 * refresher, competition updates) stops at once; once the requests in flight are answered, the
 * database writes they started finish, and the database is closed.
 */
export async function onShutdown(requestsFinished: Promise<void>) {
	markShuttingDown()
	stopBackgroundWork()
	await requestsFinished
	await stopCompetitionWork?.()
	await backgroundWorkSettled()
	const where = await closeDatabase()
	releaseDatabaseLocks()
	await getSharedState().close()
	if (where) console.info(`Database closed (${where}).`)
}

const TEST_CLOCK_PATH = '/api/test/clock'

/** TEST_ONLY_SHIFTABLE_CLOCK only: `POST /api/test/clock?advanceMs=N` moves this server's clock. */
function shiftTestClock(req: IncomingMessage, res: ServerResponse, shift: (ms: number) => number) {
	const advance = Number(new URLSearchParams(req.url?.split('?')[1] ?? '').get('advanceMs'))
	if (req.method !== 'POST' || !Number.isSafeInteger(advance)) {
		res.writeHead(400, { 'content-type': 'text/plain' }).end('POST ?advanceMs=<integer>')
		return
	}
	res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: new Date(shift(advance)).toISOString() }))
}
