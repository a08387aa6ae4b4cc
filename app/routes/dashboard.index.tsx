import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/dashboard.index'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ApiKeyForm } from '#app/dashboard/api-key-form.tsx'
import { IconAlert, IconImages, IconUpload, IconUsers } from '#app/dashboard/icons.tsx'
import { LockedScreen, type LoginFailure } from '#app/dashboard/locked-screen.tsx'
import { ui } from '#app/dashboard/ui.ts'
import {
	DASHBOARD_PATH,
	GALLERY_PATH,
	GROUPS_DASHBOARD_PATH,
	PLAYERS_PATH,
	UPLOAD_PATH,
	dashboardMeta,
	safeRedirectTo,
} from '#app/dashboard/paths.ts'
import { getServices } from '#app/dashboard/server/services.server.ts'
import { REPORTS_PATH } from '#app/feedback/reports-query.ts'
import { NAME_REVIEW_PATH } from '#app/groups/name-review.tsx'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { readForm } from '#app/server/form-body.server.ts'
import { clientKeyContext } from '#app/server/load-context.server.ts'

/**
 * A login that would be refused anyway (a flood) is answered here in plain text, before React
 * renders a page for it: a rendered refusal costs the server's only thread tens of milliseconds,
 * and hundreds of them would hold up every other request, prerendered pages included. Only for
 * document posts without a session (so a logout always goes through); the page's own form posts
 * as a data request and shows the action's answer beside the field.
 */
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context }, next) => {
		if (request.method !== 'POST' || new URL(request.url).pathname.endsWith('.data')) return next()
		const { auth } = await getServices()
		if (await auth.readSession(request)) return next()
		const refusal = await auth.loginRefusal(context.get(clientKeyContext))
		if (!refusal) return next()
		return new Response(`${refusal.error}\n`, {
			status: refusal.status,
			headers: {
				'Content-Type': 'text/plain; charset=utf-8',
				'Cache-Control': CACHE_CONTROL.none,
				...(refusal.retryAfterSeconds ? { 'Retry-After': String(refusal.retryAfterSeconds) } : {}),
			},
		})
	},
]

export async function loader({ request }: Route.LoaderArgs) {
	const { auth } = await getServices()
	const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'))
	return { unlocked: (await auth.readSession(request)) !== null, redirectTo }
}

/**
 * `intent=login`: checks the password on the server (rate limited per client), then sets the
 * signed httpOnly session cookie and redirects (POST/redirect/GET). `intent=logout` revokes the
 * session on the server and clears the cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const { auth } = await getServices()
	const form = await readForm(request)
	const intent = form.get('intent')
	if (intent === 'logout') {
		return redirect(DASHBOARD_PATH, { status: 303, headers: { 'Set-Cookie': await auth.endSession(request) } })
	}
	if (intent !== 'login') {
		return data({ ok: false, status: 400, error: 'Unknown request.' } satisfies LoginFailure, {
			status: 400,
		})
	}
	const clientId = context.get(clientKeyContext)
	const result = await auth.verifyDashboardPassword(request, form.get('password'), clientId)
	if (!result.ok) {
		const headers: Record<string, string> = {}
		if (result.retryAfterSeconds) headers['Retry-After'] = String(result.retryAfterSeconds)
		return data({ ok: false, status: result.status, error: result.error } satisfies LoginFailure, {
			status: result.status,
			headers,
		})
	}
	return redirect(safeRedirectTo(form.get('redirectTo')), {
		status: 303,
		headers: { 'Set-Cookie': auth.createSessionCookie(request) },
	})
}

// The layout's private headers, plus the Retry-After of a refused login.
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
	const merged = new Headers(parentHeaders)
	const retryAfter = actionHeaders.get('Retry-After')
	if (retryAfter) merged.set('Retry-After', retryAfter)
	return merged
}

export const meta: Route.MetaFunction = ({ loaderData }) => dashboardMeta(loaderData?.unlocked ? 'Dashboard' : 'Dashboard Access Required')

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
	if (!loaderData.unlocked) return <LockedScreen redirectTo={loaderData.redirectTo} />
	return (
		<div className="space-y-8">
			<header>
				<h1 className="text-3xl font-bold tracking-tight">Welcome back</h1>
				<p className="mt-2 max-w-2xl text-muted">
					This is the author dashboard of Gielinor Guide. Upload screenshots, maps and documents for the guides, then copy their URLs into
					the markdown. Save your API key below first: the Upload Center signs every upload with it.
				</p>
			</header>

			<ApiKeyForm />

			<nav aria-label="Dashboard tools" className="grid gap-4 sm:grid-cols-2">
				<ToolCard
					to={UPLOAD_PATH}
					title="Upload Center"
					text="Drag and drop or choose files: images, PDF, DOC, DOCX and TXT, with live progress."
					icon={<IconUpload size={24} />}
				/>
				<ToolCard
					to={GALLERY_PATH}
					title="Image Gallery"
					text="Browse everything uploaded, newest first, and copy a file's URL for a guide."
					icon={<IconImages size={24} />}
				/>
				<ToolCard
					to={PLAYERS_PATH}
					title="Players"
					text="Find a tracked player, delete their history and block the name on request."
					icon={<IconUsers size={24} />}
				/>
				<ToolCard
					to={NAME_REVIEW_PATH}
					title="Name changes"
					text="Name changes waiting for review: approve to move the history to the new name, or reject."
					icon={<IconUsers size={24} />}
				/>
				<ToolCard
					to={GROUPS_DASHBOARD_PATH}
					title="Groups"
					text="Find a clan or group of players, lock it against changes with its code, or delete it."
					icon={<IconUsers size={24} />}
				/>
				<ToolCard
					to={REPORTS_PATH}
					title="Reports"
					text="What readers flagged with “Something wrong on this page?”: filter by page and reason, mark resolved."
					icon={<IconAlert size={24} />}
				/>
			</nav>
		</div>
	)
}

function ToolCard(props: { to: string; title: string; text: string; icon: React.ReactNode }) {
	return (
		<Link to={props.to} className={`${ui.panel} group flex gap-4 p-5 transition hover:border-accent`}>
			<span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-sunken text-accent">{props.icon}</span>
			<span>
				<span className="block text-lg font-bold group-hover:text-accent">{props.title}</span>
				<span className="mt-1 block text-sm text-muted">{props.text}</span>
			</span>
		</Link>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
