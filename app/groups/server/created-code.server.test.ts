import { expect, test } from 'vitest'
import { clearCreatedCodeCookie, createdCodeCookie, readCreatedCode } from './created-code.server.ts'

const request = (url: string, cookie?: string) => new Request(url, cookie ? { headers: { cookie } } : {})

test('the created cookie is short-lived, HttpOnly, strict and Secure on https; clearing it expires it', () => {
	const set = createdCodeCookie(request('http://localhost/groups'), 12, 'abc_DEF-123')
	expect(set).toBe('gg_group_created=12.abc_DEF-123; Path=/; HttpOnly; SameSite=Strict; Max-Age=120')
	expect(createdCodeCookie(request('https://example.org/groups'), 12, 'x')).toMatch(/; Secure$/)
	expect(clearCreatedCodeCookie(request('http://localhost/groups'))).toBe('gg_group_created=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0')
})

test('the cookie reads back as the id and code; a missing, empty or malformed one is none', () => {
	expect(readCreatedCode(request('http://localhost/groups', 'a=1; gg_group_created=12.abc_DEF-123; b=2'))).toEqual({
		id: 12,
		code: 'abc_DEF-123',
	})
	expect(readCreatedCode(request('http://localhost/groups'))).toBeNull()
	expect(readCreatedCode(request('http://localhost/groups', 'gg_group_created='))).toBeNull()
	expect(readCreatedCode(request('http://localhost/groups', 'gg_group_created=x.abc'))).toBeNull()
	expect(readCreatedCode(request('http://localhost/groups', 'gg_group_created=12.a<b'))).toBeNull()
})
