const SLASH = 0x2f
const BACKSLASH = 0x5c

/**
 * `text` without its trailing `/` characters, in one pass from the end. (`replace(/\/+$/, '')`
 * looks like the same thing but retries the match from every slash of a run, so a path of 15,000
 * slashes and a letter took 0.1–0.9 s of blocked event loop.)
 */
export function trimTrailingSlashes(text: string): string {
	let end = text.length
	while (end > 0 && text.charCodeAt(end - 1) === SLASH) end--
	return text.slice(0, end)
}

/**
 * A `Location` for a path on this site. Browsers read `//host` and `/\host` (and those with tabs or
 * spaces mixed in) as another host, so the whole leading run of slashes, backslashes and control
 * characters becomes one `/`.
 */
export function sameSiteLocation(path: string): string {
	let start = 0
	while (start < path.length) {
		const code = path.charCodeAt(start)
		if (code !== SLASH && code !== BACKSLASH && code > 0x20) break
		start++
	}
	return `/${path.slice(start)}`
}
