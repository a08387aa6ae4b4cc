import { getSitemapXml } from '#app/server/sitemap.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'

export function loader() {
	return new Response(getSitemapXml(), {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page },
	})
}
