import { loadCredentials } from './credentials.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { createImagesApi, type ImagesApi } from './images-api.server.ts'
import { createDashboardAuth, type DashboardAuth } from './session.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createStorageFromEnv } from './storage/create-storage.server.ts'

export type Services = { auth: DashboardAuth; imagesApi: ImagesApi }

let services: Promise<Services> | undefined

/**
 * The dashboard's credentials, storage and API, created once per process. The first call
 * generates missing credentials into DATA_DIR and prints them once (see credentials.server.ts).
 */
export function getServices(): Promise<Services> {
	services ??= (async () => {
		const env = getEnv()
		const credentials = await loadCredentials({
			dataDir: env.DATA_DIR,
			apiKeys: env.API_KEYS,
			dashboardPassword: env.DASHBOARD_PASSWORD,
			sessionSecret: env.SESSION_SECRET,
		})
		const state = getSharedState()
		const storage = await createStorageFromEnv(env, credentials.sessionSecret, state)
		// Only a configured SITE_URL is trusted: for absolute URLs, and (on https) for Secure cookies.
		const siteUrl = env.siteUrlConfigured ? env.SITE_URL : undefined
		const auth = createDashboardAuth({
			dashboardPassword: credentials.dashboardPassword,
			passwordFingerprint: credentials.passwordFingerprint,
			sessionSecret: credentials.sessionSecret,
			state,
			secureCookies: siteUrl?.startsWith('https:') ?? false,
			loginPath: '/dev/dashboard',
		})
		const imagesApi = createImagesApi({
			storage,
			apiKeys: credentials.apiKeys,
			maxUploadBytes: env.MAX_UPLOAD_BYTES,
			publicOrigin: siteUrl,
			state,
			allowRequest: async (request) => (await auth.readSession(request)) !== null,
		})
		return { auth, imagesApi }
	})()
	return services
}
