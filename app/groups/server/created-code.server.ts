/**
 * A new group's verification code, from the creation form's answer to `/groups?created=<id>`
 * (Post/Redirect/Get): shown there once, never in a URL. The page shows a code only after checking
 * it against the group's stored hash, so a forged cookie shows nothing (and counts as a wrong code).
 */
import { z } from 'zod'
import { oneTimeCookie } from '#app/server/one-time-cookie.server.ts'

// Path=/ rather than /groups: with JavaScript the page's data comes from /groups.data, which a
// cookie on /groups does not reach. Two minutes: long enough to follow the redirect on a slow line.
const cookie = oneTimeCookie('gg_group_created', '/', 120)
const created = z.object({ id: z.number().int().positive(), code: z.string().regex(/^[\w-]{1,64}$/) })

/** The Set-Cookie header the creation's redirect carries. */
export const rememberCode = (request: Request, id: number, code: string) => cookie.set(request, { id, code })

/** The group id and code this request brings, if any, with the header that forgets them. */
export async function takeCode(request: Request): Promise<{ id: number; code: string; clear: string } | null> {
	const taken = await cookie.take(request)
	const value = created.safeParse(taken?.value)
	return taken && value.success ? { ...value.data, clear: taken.clear } : null
}
