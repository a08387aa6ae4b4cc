import { loadCredentials } from './credentials.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { createImagesApi, type ImagesApi } from './images-api.server.ts'
import { createDashboardAuth, type DashboardAuth } from './session.server.ts'
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
		const storage = await createStorageFromEnv(env, credentials.sessionSecret)
		const auth = createDashboardAuth({
			dashboardPassword: credentials.dashboardPassword,
			sessionSecret: credentials.sessionSecret,
			loginPath: '/dev/dashboard',
		})
		const imagesApi = createImagesApi({
			storage,
			apiKeys: credentials.apiKeys,
			maxUploadBytes: env.MAX_UPLOAD_BYTES,
			// Only a configured SITE_URL is trusted for absolute URLs; else the request's origin.
			publicOrigin: env.siteUrlConfigured ? env.SITE_URL : undefined,
			allowRequest: (request) => auth.readSession(request) !== null,
		})
		return { auth, imagesApi }
	})()
	return services
}
