import { Link } from 'react-router'
import type { Route } from './+types/tools'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageReport } from '#app/feedback/page-report.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { TOOL_PAGES } from '#app/lib/tools.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.page })

export const meta: Route.MetaFunction = ({ matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	return [
		{ title: `Tools - ${SITE_NAME}` },
		{ name: 'description', content: 'Tools for your RuneScape 3 account: plans, trackers and checks that read your own stats.' },
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}/tools` },
	]
}

export default function Tools() {
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: '/tools', label: 'Tools' }]} />
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Tools</h1>
			<p className="mt-2 max-w-2xl text-muted">
				Pages that work things out for your own account from your RuneMetrics profile or the hiscores.
			</p>
			<ul className="mt-8 grid gap-4 sm:grid-cols-2">
				{TOOL_PAGES.map((tool) => (
					<li key={tool.path}>
						<Link to={tool.path} className="block h-full rounded-lg border border-line bg-raised p-5 hover:border-accent/70">
							<span className="text-lg font-bold text-fg">{tool.title}</span>
							<span className="mt-1 block text-sm text-muted">{tool.description}</span>
						</Link>
					</li>
				))}
			</ul>
			<PageReport />
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
