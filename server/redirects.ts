import type { NextFunction, Request, Response } from 'express'
import { sameSiteLocation, trimTrailingSlashes } from '#app/lib/url-path.ts'

/**
 * Paths whose case carries meaning (hashed assets, uploaded file keys, API parameters, the player
 * name of a player page: the first lookup asks RuneMetrics with that spelling).
 */
const CASE_SENSITIVE = /^\/(assets|uploads|api|players)\//

/**
 * Canonical URLs: lower-case paths and no trailing slash, with a permanent redirect that keeps
 * the query (the browser keeps the #fragment), so `/getting-started/Combat-Triangle#weakness` works.
 */
export function canonicalRedirects(req: Request, res: Response, next: NextFunction) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return next()
	const { path } = req
	let target = path
	if (!CASE_SENSITIVE.test(path) && path !== path.toLowerCase()) target = path.toLowerCase()
	if (target.length > 1 && target.endsWith('/')) target = trimTrailingSlashes(target) || '/'
	// Never a Location a browser reads as another host (`//host`, `/\host`): an open redirect.
	target = sameSiteLocation(target)
	if (target === path) return next()
	const queryStart = req.originalUrl.indexOf('?')
	const search = queryStart >= 0 ? req.originalUrl.slice(queryStart) : ''
	res.redirect(301, `${target}${search}`)
}

/**
 * Other paths readers type for a page (front matter `aliases:`, collected by the build into
 * app/generated/aliases.json): a permanent redirect to the page, keeping the query. Runs after
 * canonicalRedirects, so paths are already lower case without a trailing slash.
 */
export function aliasRedirects(aliases: Readonly<Record<string, string>>) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const target = Object.hasOwn(aliases, req.path) ? aliases[req.path] : undefined
		if (!target) return next()
		const queryStart = req.originalUrl.indexOf('?')
		res.redirect(301, `${target}${queryStart >= 0 ? req.originalUrl.slice(queryStart) : ''}`)
	}
}
