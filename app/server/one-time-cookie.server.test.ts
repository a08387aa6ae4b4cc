import { expect, test } from 'vitest'
import { oneTimeCookie } from './one-time-cookie.server.ts'

const flash = oneTimeCookie('created', '/things')

/** The name=value part of a Set-Cookie header, as a browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!

test('set: HttpOnly, SameSite=Lax, scoped to its path, short-lived; Secure over HTTPS only', async () => {
	const header = await flash.set(new Request('http://localhost/things'), { id: 1, code: 'abc' })
	expect(header).toMatch(/^created=[^;]+; Max-Age=600; Path=\/things; HttpOnly; SameSite=Lax$/)
	expect(header).not.toContain('abc')
	expect(await flash.set(new Request('https://guide.example/things'), 'x')).toContain('; Secure')
})

test('take: the value once, with the header that clears it; nothing without the cookie', async () => {
	const header = await flash.set(new Request('http://localhost/things'), { id: 7, code: 'abc' })
	const taken = await flash.take(new Request('http://localhost/things/7', { headers: { Cookie: `other=1; ${sentBack(header)}` } }))
	expect(taken?.value).toEqual({ id: 7, code: 'abc' })
	expect(taken?.clear).toMatch(/^created=; Max-Age=0; Path=\/things; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/)
	expect(await flash.take(new Request('http://localhost/things/7'))).toBeNull()
	expect(await flash.take(new Request('http://localhost/things/7', { headers: { Cookie: 'other=1' } }))).toBeNull()
})
