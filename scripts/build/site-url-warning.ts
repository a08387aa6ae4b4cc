/**
 * Prerendered pages bake SITE_URL into canonical links and the sitemap. A production build without
 * it would point search engines at http://localhost:3000, so the build says so loudly.
 */
export function siteUrlWarning(env: NodeJS.ProcessEnv): string | undefined {
	if (env.NODE_ENV !== 'production' || env.SITE_URL) return undefined
	return [
		'⚠ SITE_URL is not set: canonical links and the sitemap of this production build say http://localhost:3000.',
		'  Set it to the public origin at build time, e.g. SITE_URL=https://guide.example npm run build',
	].join('\n')
}
