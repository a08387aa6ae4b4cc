/**
 * Post/Redirect/Get for the creation form without putting the verification code in a URL. The
 * form's answer is a 303 to `/groups?created=<id>` with a short-lived, HttpOnly, SameSite=Strict
 * cookie holding `<id>.<code>`: a one-time cookie, consumed on its first render (the
 * page that shows the code clears it), so reloading that page posts nothing and shows no code.
 * Nothing is kept on the server. The cookie is not signed: the page shows a code only after
 * checking it against the group's stored hash, which a forged cookie cannot pass (and wrong ones
 * count against the wrong-code limit like any other).
 */
const COOKIE = 'gg_group_created'
/** Path=/ rather than /groups: with JavaScript the page's data comes from /groups.data, which /groups does not cover. */
const PATH = '/'
/** Long enough for the redirect to be followed on a slow connection. */
const MAX_AGE_SECONDS = 120

function cookie(request: Request, value: string, maxAgeSeconds: number): string {
	const parts = [`${COOKIE}=${value}`, `Path=${PATH}`, 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`]
	if (new URL(request.url).protocol === 'https:') parts.push('Secure')
	return parts.join('; ')
}

/** `Set-Cookie` for the answer to a creation: the code, for the next page only. */
export const createdCodeCookie = (request: Request, id: number, code: string) => cookie(request, `${id}.${code}`, MAX_AGE_SECONDS)

/** `Set-Cookie` that removes it (on the page that showed it). */
export const clearCreatedCodeCookie = (request: Request) => cookie(request, '', 0)

/** The group id and code the request's cookie holds, if any. */
export function readCreatedCode(request: Request): { id: number; code: string } | null {
	for (const part of (request.headers.get('cookie') ?? '').split(';')) {
		const [name, value] = part.trim().split('=', 2)
		if (name !== COOKIE || !value) continue
		const match = /^([1-9]\d{0,8})\.([\w-]{1,64})$/.exec(value)
		return match ? { id: Number(match[1]), code: match[2]! } : null
	}
	return null
}
