import { expect, test } from 'vitest'
import { rememberCode, takeCode } from './created-code.server.ts'

const request = (url: string, cookie?: string) => new Request(url, cookie ? { headers: { cookie } } : {})
const sentBack = (setCookie: string) => setCookie.split(';')[0]!

test("the created cookie holds the group's id and code for the next page, on every path (its .data too), HttpOnly", async () => {
	const set = await rememberCode(request('http://localhost/groups'), 12, 'abc_DEF-123')
	expect(set).toMatch(/^gg_group_created=[^;]+; Max-Age=120; Path=\/; HttpOnly; SameSite=Lax$/)
	expect(set).not.toContain('abc_DEF-123')
	const taken = await takeCode(request('http://localhost/groups.data?created=12', `a=1; ${sentBack(set)}; b=2`))
	expect(taken).toMatchObject({ id: 12, code: 'abc_DEF-123' })
	expect(taken?.clear).toMatch(/^gg_group_created=; Max-Age=0; Path=\//)
})

test('a missing or malformed cookie is none', async () => {
	expect(await takeCode(request('http://localhost/groups'))).toBeNull()
	expect(await takeCode(request('http://localhost/groups', 'gg_group_created='))).toBeNull()
	const notAGroup = await rememberCode(request('http://localhost/groups'), 12, 'a<b')
	expect(await takeCode(request('http://localhost/groups', sentBack(notAGroup)))).toBeNull()
})
