import { redirect } from 'react-router'
import { findSection, prevNext, sidebarItems, trail } from '#app/lib/content/navigation.ts'
import type { CompiledPage } from '#app/lib/content/page-types.ts'
import { sameSiteLocation, trimTrailingSlashes } from '#app/lib/url-path.ts'
import { CACHE_CONTROL } from './cache-control.server.ts'
import { getEnv } from './env.server.ts'
import { notFound } from './not-found.server.ts'
import { renderBody } from './render-body.server.tsx'
import { navigation } from './site.server.ts'

// One lazily imported chunk per page: the server loads only the page it renders.
const pageModules = import.meta.glob<CompiledPage>('../generated/pages/**/*.json', { import: 'default' })

/** The page path a request is for, without the `.data` suffix of data requests. */
function requestPagePath(pathname: string): string {
	const path = trimTrailingSlashes(pathname.replace(/(\/_)?\.data$/, ''))
	return path || '/'
}

export function getSectionNav(pathname: string) {
	const section = findSection(navigation, requestPagePath(pathname).split('/')[1]?.toLowerCase() ?? '')
	if (!section) return null
	return {
		section: { label: section.label, path: section.redirectTo ?? section.path },
		items: sidebarItems(section),
	}
}

export async function getGuidePage(pathname: string) {
	const path = requestPagePath(pathname)
	if (path !== path.toLowerCase()) throw redirect(sameSiteLocation(path.toLowerCase()), 301)
	const sectionName = path.split('/')[1] ?? ''
	const section = findSection(navigation, sectionName)
	if (!section) notFound(path)
	if (path === section.path && section.redirectTo) throw redirect(section.redirectTo, 302)

	const load = pageModules[`../generated/pages${path}.json`]
	const crumbs = trail(section, path)
	if (!load || crumbs.length === 0) notFound(path)
	const page = await load()
	const { prev, next } = prevNext(section, path)
	const link = (e: { path: string; label: string } | undefined) => (e ? { path: e.path, label: e.label } : null)
	return {
		page: { ...page, body: await renderBody(page.body) },
		isSectionRoot: path === section.path,
		breadcrumbs: crumbs.map((e) => ({ path: e.redirectTo ?? e.path, label: e.label })),
		prev: link(prev),
		next: link(next),
		canonical: `${getEnv().SITE_URL}${path}`,
	}
}

export const guideHeaders = { 'Cache-Control': CACHE_CONTROL.page }
