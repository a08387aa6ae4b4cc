import { trimTrailingSlashes } from '#app/lib/url-path.ts'

/**
 * A readable label for a source address: the host and the decoded path, without `www.`,
 * a trailing slash or wiki underscores (`https://runescape.wiki/w/Double_Surge` →
 * `runescape.wiki/w/Double Surge`). Falls back to the address itself if it cannot be parsed.
 */
export function sourceLabel(address: string): string {
	let url: URL
	try {
		url = new URL(address)
	} catch {
		return address
	}
	let path = url.pathname
	try {
		path = decodeURIComponent(path)
	} catch {
		// A malformed escape: show the path as written.
	}
	path = trimTrailingSlashes(path.replace(/_/g, ' '))
	return `${url.host.replace(/^www\./, '')}${path}`
}
