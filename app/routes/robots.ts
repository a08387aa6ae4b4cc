import { getEnv } from '#app/server/env.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'

export function loader() {
	const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dev/', '', `Sitemap: ${getEnv().SITE_URL}/sitemap.xml`, '']
	return new Response(body.join('\n'), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page },
	})
}
