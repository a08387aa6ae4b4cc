import type { Route } from './+types/dev.widgets'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { GuideBody } from '#app/components/guide-body.tsx'
import { StaleNotice } from '#app/components/stale-notice.tsx'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { renderBody } from '#app/server/render-body.server.tsx'

// The widget gallery for authors: every widget live beside its syntax. Hidden: not in the
// navigation, the sitemap or the prerendered pages, and marked noindex.
export async function loader() {
	const { default: page } = await import('#app/generated/dev/widgets.json', { with: { type: 'json' } })
	return { page: { ...page, body: await renderBody(page.body) } }
}

export const headers: Route.HeadersFunction = () => ({
	'Cache-Control': CACHE_CONTROL.page,
	'X-Robots-Tag': 'noindex',
})

export const meta: Route.MetaFunction = () => [{ title: 'Widget Gallery - Gielinor Guide' }, { name: 'robots', content: 'noindex' }]

export default function DevWidgets({ loaderData }: Route.ComponentProps) {
	const { page } = loaderData
	return (
		<main id="main" className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-8">
			<p className="text-sm font-semibold tracking-widest text-accent uppercase">For authors</p>
			<h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
			<StaleNotice updates={page.stale} />
			<GuideBody
				body={page.body}
				className={[
					'prose mt-6',
					'[&_.gallery-item]:mt-12 [&_.gallery-item]:scroll-mt-20',
					'[&_.gallery-demo]:mt-4 [&_.gallery-demo]:grid [&_.gallery-demo]:grid-cols-[minmax(0,1fr)] [&_.gallery-demo]:items-start [&_.gallery-demo]:gap-x-8 [&_.gallery-demo]:gap-y-4',
					'lg:[&_.gallery-demo]:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]',
					'[&_.gallery-source>pre]:m-0 [&_.gallery-source>pre+pre]:mt-3',
					'[&_.gallery-live>*+*]:mt-4 [&_.gallery-live>*:first-child]:mt-0',
					// A widget's island wrapper (`display: contents`) stands between the column and the widget.
					'[&_.gallery-live>x-island:first-child>*]:mt-0',
				].join(' ')}
			/>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
