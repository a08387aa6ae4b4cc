import type { NextFunction, Request, Response } from 'express'
import { expect, test, vi } from 'vitest'
import { aliasRedirects, canonicalRedirects } from './redirects.ts'

function run(method: string, url: string) {
	const path = url.split('?')[0]!
	const redirect = vi.fn()
	const next = vi.fn()
	canonicalRedirects({ method, path, originalUrl: url } as Request, { redirect } as unknown as Response, next as NextFunction)
	return { redirect: redirect.mock.calls[0], next: next.mock.calls.length }
}

test('upper-case paths redirect permanently to lower case, keeping the query', () => {
	expect(run('GET', '/Getting-Started/Combat-Triangle?x=1').redirect).toEqual([301, '/getting-started/combat-triangle?x=1'])
})

test('a player page keeps the case of the name (the first lookup asks upstream with it)', () => {
	expect(run('GET', '/players/Zezima_Jr?period=day').next).toBe(1)
	expect(run('GET', '/Players/Zezima_Jr').redirect).toEqual([301, '/players/zezima_jr'])
})

test('trailing slashes are dropped, and the root stays /', () => {
	expect(run('GET', '/setup/intro/').redirect).toEqual([301, '/setup/intro'])
	expect(run('GET', '/').next).toBe(1)
})

test('never a location a browser reads as another host (// or /\\)', () => {
	expect(run('GET', '//evil.example/').redirect).toEqual([301, '/evil.example'])
	expect(run('GET', '//Evil.example').redirect).toEqual([301, '/evil.example'])
	expect(run('GET', '/\\evil.example/').redirect).toEqual([301, '/evil.example'])
	expect(run('GET', '/\\EVIL.example').redirect).toEqual([301, '/evil.example'])
	expect(run('GET', '/\\/\\evil.example/?q=1').redirect).toEqual([301, '/evil.example?q=1'])
})

test('a long run of slashes costs no time', () => {
	expect(run('GET', `/setup/intro${'/'.repeat(60_000)}`).redirect).toEqual([301, '/setup/intro'])
	expect(run('GET', `/${'/'.repeat(60_000)}x/`).redirect).toEqual([301, '/x'])
	// The fastest of a few runs (a busy machine can pause any one); the old regex took seconds.
	let fastest = Infinity
	for (let i = 0; i < 5; i++) {
		const started = performance.now()
		run('GET', `/${'/'.repeat(60_000)}x/`)
		fastest = Math.min(fastest, performance.now() - started)
	}
	expect(fastest).toBeLessThan(20)
})

test('case-sensitive paths and non-GET requests pass through', () => {
	expect(run('GET', '/assets/Entry-AbC.js').next).toBe(1)
	expect(run('GET', '/uploads/2026/Map.png').next).toBe(1)
	expect(run('POST', '/Setup').next).toBe(1)
})

test('an alias answers with a permanent redirect to its page, keeping the query; anything else passes', () => {
	const middleware = aliasRedirects({ '/setup/game-modes': '/setup/gamemodes' })
	const call = (method: string, url: string) => {
		const redirect = vi.fn()
		const next = vi.fn()
		middleware({ method, path: url.split('?')[0]!, originalUrl: url } as Request, { redirect } as unknown as Response, next as NextFunction)
		return { redirect: redirect.mock.calls[0], next: next.mock.calls.length }
	}
	expect(call('GET', '/setup/game-modes').redirect).toEqual([301, '/setup/gamemodes'])
	expect(call('HEAD', '/setup/game-modes?from=chat').redirect).toEqual([301, '/setup/gamemodes?from=chat'])
	expect(call('GET', '/setup/gamemodes').next).toBe(1)
	expect(call('GET', '/constructor').next).toBe(1)
	expect(call('POST', '/setup/game-modes').next).toBe(1)
})
