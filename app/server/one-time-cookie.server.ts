import { createCookie } from 'react-router'

/**
 * A value a form's answer shows once, after Post/Redirect/Get: the action sets it in an HttpOnly
 * cookie and redirects; the page's loader takes it and clears it in the same answer. Reloading the
 * page then neither posts the form again nor shows the value again, and the value (a verification
 * code) never travels in a URL. `path` scopes the cookie to the pages that read it (their `.data`
 * requests included); it lives `maxAgeSeconds` at most if never read.
 */
export function oneTimeCookie(name: string, path: string, maxAgeSeconds = 600) {
	const cookie = createCookie(name, { httpOnly: true, sameSite: 'lax', path, maxAge: maxAgeSeconds })
	// Secure whenever the page is served over HTTPS (behind TRUST_PROXY, as the client asked for it).
	const secure = (request: Request) => new URL(request.url).protocol === 'https:'
	return {
		/** The Set-Cookie header that holds `value` (anything JSON can carry). */
		set: (request: Request, value: unknown) => cookie.serialize(value, { secure: secure(request) }),
		/** The value sent (unknown: check its shape) and the Set-Cookie header that clears it; null without one. */
		async take(request: Request): Promise<{ value: unknown; clear: string } | null> {
			const value: unknown = await cookie.parse(request.headers.get('Cookie'))
			if (value === null || value === undefined) return null
			return { value, clear: await cookie.serialize('', { maxAge: 0, expires: new Date(0), secure: secure(request) }) }
		},
	}
}
