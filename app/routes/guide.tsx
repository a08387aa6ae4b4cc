import { useEffect } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/guide'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { rememberLastRead } from '#app/home/last-read-store.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageReport } from '#app/feedback/page-report.tsx'
import { GuideBody } from '#app/components/guide-body.tsx'
import { PageSources } from '#app/components/page-sources.tsx'
import { PrevNext } from '#app/components/prev-next.tsx'
import { StaleNotice } from '#app/components/stale-notice.tsx'
import { TableOfContents } from '#app/components/table-of-contents.tsx'
import { documentTitle } from '#app/lib/content/navigation.ts'
import { getGuidePage, guideHeaders } from '#app/server/guides.server.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { questPath } from '#app/quests/names.ts'

export async function loader({ request }: Route.LoaderArgs) {
	return getGuidePage(new URL(request.url).pathname)
}

export const headers: Route.HeadersFunction = () => guideHeaders

export const meta: Route.MetaFunction = ({ loaderData }) => {
	if (!loaderData) return [{ title: 'Page Not Found - Gielinor Guide' }]
	const { page, canonical } = loaderData
	return [
		{ title: documentTitle(page) },
		{ name: 'description', content: page.description },
		{ property: 'og:title', content: page.title },
		{ property: 'og:description', content: page.description },
		{ property: 'og:type', content: 'article' },
		{ tagName: 'link', rel: 'canonical', href: canonical },
	]
}

export default function Guide({ loaderData }: Route.ComponentProps) {
	const { page, breadcrumbs, prev, next } = loaderData
	// The home page's "Continue reading" card offers the last page opened.
	useEffect(() => rememberLastRead({ path: page.path, title: page.title }), [page.path, page.title])
	return (
		<>
			<main id="main" className="min-w-0 flex-1 px-4 pt-6 pb-16 sm:px-8 lg:px-12">
				<Breadcrumbs items={breadcrumbs} />
				<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
				{page.lastVerified ? (
					<p className="mt-2 text-sm text-muted">
						Last verified <time dateTime={page.lastVerified}>{formatDate(page.lastVerified)}</time>
					</p>
				) : null}
				<StaleNotice updates={page.stale} />
				{page.quests.length > 0 ? (
					<p className="mt-2 text-sm" data-guide-quests="">
						<span className="text-muted">{page.quests.length === 1 ? 'Quest page: ' : 'Quest pages: '}</span>
						{page.quests.map((quest, i) => (
							<span key={quest.slug}>
								{i > 0 ? ', ' : null}
								<Link to={questPath(quest.slug)} prefetch="intent" className="font-medium text-link underline underline-offset-2">
									{quest.name}
								</Link>
							</span>
						))}
						<span className="text-muted"> — requirements, the full chain and what it unlocks</span>
					</p>
				) : null}
				<GuideBody body={page.body} className="prose mt-6 max-w-3xl" />
				<PageSources sources={page.sources} />
				<PrevNext prev={prev} next={next} />
				<PageReport />
			</main>
			<TableOfContents headings={page.headings} />
		</>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
