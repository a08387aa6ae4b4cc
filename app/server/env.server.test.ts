import { expect, test } from 'vitest'
import { parseEnv } from './env.server.ts'

test('an empty environment gives a complete default configuration', () => {
	const env = parseEnv({})
	expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', STORAGE: 'disk', DATA_DIR: './.data', UPSTREAM_TIMEOUT_MS: 5000 })
	expect(env.RUNEMETRICS_BASE_URL).toBe('https://apps.runescape.com/runemetrics')
	expect(env.CLAN_HISCORES_BASE_URL).toBe('https://secure.runescape.com/m=clan-hiscores')
})

test('values are coerced and trailing slashes dropped from URLs', () => {
	const env = parseEnv({ PORT: '8080', RUNEMETRICS_BASE_URL: 'http://127.0.0.1:4010/runemetrics/', RATE_LIMIT_DISABLED: '1' })
	expect(env.PORT).toBe(8080)
	expect(env.RUNEMETRICS_BASE_URL).toBe('http://127.0.0.1:4010/runemetrics')
	expect(env.RATE_LIMIT_DISABLED).toBe(true)
})

test('a bad value names the variable', () => {
	expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT:/)
	expect(() => parseEnv({ UPSTREAM_TIMEOUT_MS: '-5' })).toThrow(/UPSTREAM_TIMEOUT_MS:/)
	expect(() => parseEnv({ SITE_URL: 'ftp://x' })).toThrow(/SITE_URL: must be an http\(s\) URL/)
	expect(() => parseEnv({ STORAGE: 'ftp' })).toThrow(/STORAGE:/)
	expect(() => parseEnv({ CLAN_HISCORES_BASE_URL: 'not a url' })).toThrow(/CLAN_HISCORES_BASE_URL: must be an http\(s\) URL/)
})

test("the competitions' idle pause is unset by default, and takes only a positive number of milliseconds", () => {
	expect(parseEnv({}).TEST_ONLY_COMPETITION_IDLE_MS).toBeUndefined()
	expect(parseEnv({ TEST_ONLY_COMPETITION_IDLE_MS: '500' }).TEST_ONLY_COMPETITION_IDLE_MS).toBe(500)
	expect(() => parseEnv({ TEST_ONLY_COMPETITION_IDLE_MS: '0' })).toThrow(/TEST_ONLY_COMPETITION_IDLE_MS:/)
})

test('S3 storage requires its bucket and credentials', () => {
	expect(() => parseEnv({ STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE=s3[\s\S]*S3_ACCESS_KEY_ID/)
})

test('empty strings count as unset', () => {
	const env = parseEnv({ PORT: '', API_KEYS: '' })
	expect(env.PORT).toBe(3000)
	expect(env.API_KEYS).toBeUndefined()
})

test('SITE_URL has a default, and the env says whether it was set', () => {
	expect(parseEnv({})).toMatchObject({ SITE_URL: 'http://localhost:3000', siteUrlConfigured: false })
	expect(parseEnv({ SITE_URL: 'https://guide.example/' })).toMatchObject({
		SITE_URL: 'https://guide.example',
		siteUrlConfigured: true,
	})
})

test('TRUST_PROXY is a number of proxies or their addresses, never a bare "true"', () => {
	expect(parseEnv({}).TRUST_PROXY).toBe(false)
	expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 })
	expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual({ proxies: ['10.0.0.0/8', 'loopback'] })
	expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would believe any X-Forwarded-For/)
})

test('REDIS_URL must be a redis URL', () => {
	expect(parseEnv({ REDIS_URL: 'redis://:secret@cache.internal:6380/2' }).REDIS_URL).toBe('redis://:secret@cache.internal:6380/2')
	expect(() => parseEnv({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/)
})

test('Discord posts go to discord.com by default, or to a configured base without its trailing slash', () => {
	expect(parseEnv({}).DISCORD_API_BASE_URL).toBe('https://discord.com/api')
	expect(parseEnv({ DISCORD_API_BASE_URL: 'http://127.0.0.1:4020/api/' }).DISCORD_API_BASE_URL).toBe('http://127.0.0.1:4020/api')
	expect(() => parseEnv({ DISCORD_API_BASE_URL: 'discord.com' })).toThrow(/DISCORD_API_BASE_URL: must be an http\(s\) URL/)
})
