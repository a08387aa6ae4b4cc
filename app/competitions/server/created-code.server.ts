/**
 * A new competition's verification code, from the creation form's answer to the competition's
 * page (Post/Redirect/Get): shown there once, never in a URL.
 */
import { z } from 'zod'
import { oneTimeCookie } from '#app/server/one-time-cookie.server.ts'
import { COMPETITIONS_PATH } from '../paths.ts'

const cookie = oneTimeCookie('competition-created', COMPETITIONS_PATH)
const created = z.object({ id: z.number(), code: z.string().regex(/^[\w-]{1,64}$/) })

/** The Set-Cookie header the creation's redirect carries. */
export const rememberCode = (request: Request, id: number, code: string) => cookie.set(request, { id, code })

/** Competition `id`'s code, if this request brings it, with the header that forgets it. */
export async function takeCode(request: Request, id: number): Promise<{ code: string; clear: string } | null> {
	const taken = await cookie.take(request)
	const value = created.safeParse(taken?.value)
	return taken && value.success && value.data.id === id ? { code: value.data.code, clear: taken.clear } : null
}
