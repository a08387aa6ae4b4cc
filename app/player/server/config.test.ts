import { expect, test } from 'vitest'
import { parseEnv } from '#app/server/env.server.ts'
import { playerDataConfigFromEnv, UPSTREAM_USER_AGENT } from './config.server.ts'

test('defaults: the real endpoints, 5 s timeout, 30 lookups a minute', () => {
	expect(playerDataConfigFromEnv(parseEnv({}))).toEqual({
		runemetricsBaseUrl: 'https://apps.runescape.com/runemetrics',
		hiscoresBaseUrl: 'https://secure.runescape.com/m=hiscore',
		timeoutMs: 5000,
		userAgent: UPSTREAM_USER_AGENT,
		rateLimit: { max: 30, windowMs: 60_000 },
	})
})

test('env overrides, and RATE_LIMIT_DISABLED turns the limit off', () => {
	const env = parseEnv({
		RUNEMETRICS_BASE_URL: 'http://127.0.0.1:4010/runemetrics/',
		HISCORES_BASE_URL: 'http://127.0.0.1:4010/m=hiscore',
		UPSTREAM_TIMEOUT_MS: '1500',
		RATE_LIMIT_DISABLED: '1',
	})
	expect(playerDataConfigFromEnv(env)).toMatchObject({
		runemetricsBaseUrl: 'http://127.0.0.1:4010/runemetrics',
		timeoutMs: 1500,
		rateLimit: false,
	})
	expect(playerDataConfigFromEnv(parseEnv({ PLAYER_RATE_LIMIT_PER_MINUTE: '5' })).rateLimit).toEqual({
		max: 5,
		windowMs: 60_000,
	})
})

test('the User-Agent names the site instead of a default library agent', () => {
	expect(UPSTREAM_USER_AGENT).toMatch(/^GielinorGuide\/\S+ \(.+\)$/)
})
