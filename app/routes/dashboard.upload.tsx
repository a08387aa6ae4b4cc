import type { Route } from './+types/dashboard.upload'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { UploadCenter } from '#app/dashboard/upload-center.tsx'
import { dashboardMeta } from '#app/dashboard/paths.ts'
import { requireDashboardSession, uploadLimitBytes } from '#app/dashboard/server/dashboard.server.ts'

/*
 * How an upload is authorised (two credentials, each for its own job):
 * - The page itself needs the dashboard session (the signed httpOnly cookie set by the password
 *   action): without one the loader redirects to the locked dashboard.
 * - The upload URL is asked for by the browser from POST /api/v1/images/upload/upload-url with
 *   the author's API key (saved in this browser's localStorage) as the Bearer token. The key is
 *   the author's own credential, the same one scripts use, so a wrong or revoked key fails here
 *   exactly as it would anywhere else ('Failed to get upload URL: 401 Unauthorized'); a Bearer
 *   token takes precedence over the cookie in the API, so the session can't paper over a bad key.
 * - The bytes then go straight from the browser to the signed, expiring, single-use URL (our own
 *   PUT route for the disk driver, the bucket for S3) with XMLHttpRequest, so the progress bar
 *   shows real upload progress and the app server never buffers a file.
 * The gallery needs no key: its loader lists files on the server under the session alone.
 * Nothing secret reaches the browser: the password and session secret stay on the server, and the
 * session cookie is httpOnly and SameSite=Strict.
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireDashboardSession(request)
	return { maxUploadBytes: uploadLimitBytes() }
}

export const meta: Route.MetaFunction = () => dashboardMeta('Upload Center')

export default function UploadRoute({ loaderData }: Route.ComponentProps) {
	return <UploadCenter maxUploadBytes={loaderData.maxUploadBytes} />
}

export const ErrorBoundary = GeneralErrorBoundary
