/** `runescape.wiki`, or `github.com/…/wiz-kid.json` where a site's pages need telling apart. */
export function sourceLabel(url: string): string {
	const { hostname, pathname } = new URL(url)
	const host = hostname.replace(/^www\./, '')
	if (host !== 'github.com') return host
	return `${host}/…/${pathname.split('/').filter(Boolean).at(-1)}`
}
