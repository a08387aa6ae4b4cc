import { expect, test } from 'vitest'
import { sameSiteLocation, trimTrailingSlashes } from './url-path.ts'

test('trailing slashes go, the rest stays', () => {
	expect(trimTrailingSlashes('/setup/intro///')).toBe('/setup/intro')
	expect(trimTrailingSlashes('/setup//intro')).toBe('/setup//intro')
	expect(trimTrailingSlashes('///')).toBe('')
	expect(trimTrailingSlashes('')).toBe('')
	expect(trimTrailingSlashes('https://example.com/')).toBe('https://example.com')
})

/** The fastest of a few runs: a busy machine can pause any single one. */
function fastestMs(work: () => void) {
	let best = Infinity
	for (let i = 0; i < 5; i++) {
		const started = performance.now()
		work()
		best = Math.min(best, performance.now() - started)
	}
	return best
}

test('a 64 KB run of slashes is trimmed in under 5 ms, wherever it sits', () => {
	// `/\/+$/` took about 8 s on the first of these.
	const run = '/'.repeat(64 * 1024)
	for (const path of [`${run}x/`, `/a${run}`, `${run}x${run}y`]) {
		expect(fastestMs(() => trimTrailingSlashes(path))).toBeLessThan(5)
	}
})

test('a Location never starts with two slashes, a backslash pair or hidden characters', () => {
	expect(sameSiteLocation('/setup/intro')).toBe('/setup/intro')
	expect(sameSiteLocation('//evil.example')).toBe('/evil.example')
	expect(sameSiteLocation('/\\evil.example')).toBe('/evil.example')
	expect(sameSiteLocation('\\\\evil.example')).toBe('/evil.example')
	expect(sameSiteLocation('/\t/evil.example')).toBe('/evil.example')
	expect(sameSiteLocation('/ /\\/evil.example/a')).toBe('/evil.example/a')
	expect(sameSiteLocation('')).toBe('/')
	for (const attack of ['//x', '/\\x', '\\/x', '/\n/x', `/${'/'.repeat(10_000)}x`]) {
		expect(sameSiteLocation(attack)).toMatch(/^\/[^/\\\s]/)
	}
})
