import { getSitemapXml } from '#app/server/sitemap.server.ts'
import { CACHE_CONTROL } from '#app/server/http-headers.server.ts'

export function loader() {
	return new Response(getSitemapXml(), {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page },
	})
}
