import { expect, test } from 'vitest'
import { parseEnv } from '#app/server/env.server.ts'
import { contentSecurityPolicy, strictTransportSecurity } from './http-headers.ts'

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))

const s3 = { STORAGE: 's3', S3_BUCKET: 'guide-images', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }

test('disk storage without analytics: the browser connects and loads scripts only from us', () => {
	const policy = contentSecurityPolicy(parseEnv({}), { nonce: 'abc' })
	expect(directive(policy, 'connect-src')).toBe("connect-src 'self'")
	expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc'")
	expect(directive(policy, 'media-src')).toBe("media-src 'self'")
	expect(policy).not.toContain('posthog')
})

test('with a PostHog key, the analytics origins are allowed', () => {
	const policy = contentSecurityPolicy(parseEnv({ POSTHOG_KEY: 'phc_x' }), { nonce: 'abc' })
	expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://us.i.posthog.com https://us-assets.i.posthog.com")
	expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc' https://us.i.posthog.com https://us-assets.i.posthog.com")
})

test('HSTS only when SITE_URL is https', () => {
	expect(strictTransportSecurity(parseEnv({ SITE_URL: 'https://guide.example' }))).toBe('max-age=31536000; includeSubDomains')
	expect(strictTransportSecurity(parseEnv({ SITE_URL: 'http://localhost:3000' }))).toBeUndefined()
	expect(strictTransportSecurity(parseEnv({}))).toBeUndefined()
})

test('S3 storage lets the browser upload to and show images from the storage origins', () => {
	const custom = contentSecurityPolicy(
		parseEnv({ ...s3, S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/x', S3_PUBLIC_URL: 'https://img.example.com/' }),
		{ hashes: [] },
	)
	expect(directive(custom, 'connect-src')).toContain('https://acc.r2.cloudflarestorage.com https://img.example.com')
	expect(directive(custom, 'img-src')).toContain('https://img.example.com')
	expect(custom).not.toContain('amazonaws')

	const aws = contentSecurityPolicy(parseEnv({ ...s3, S3_REGION: 'eu-west-2' }), { hashes: ['sha256-x'] })
	expect(directive(aws, 'connect-src')).toContain('https://guide-images.s3.eu-west-2.amazonaws.com https://s3.eu-west-2.amazonaws.com')
	expect(directive(aws, 'img-src')).toContain('https://guide-images.s3.eu-west-2.amazonaws.com')
})

test('analytics origins follow POSTHOG_HOST', () => {
	const eu = contentSecurityPolicy(parseEnv({ POSTHOG_KEY: 'phc_x', POSTHOG_HOST: 'https://eu.i.posthog.com' }), { nonce: 'abc' })
	expect(directive(eu, 'connect-src')).toBe("connect-src 'self' https://eu.i.posthog.com https://eu-assets.i.posthog.com")
	expect(directive(eu, 'script-src')).toBe("script-src 'self' 'nonce-abc' https://eu.i.posthog.com https://eu-assets.i.posthog.com")
	expect(eu).not.toContain('us.i.posthog.com')

	// A reverse proxy serves both the API and the scripts from its own origin.
	const proxied = contentSecurityPolicy(parseEnv({ POSTHOG_KEY: 'phc_x', POSTHOG_HOST: 'https://e.example.com/ingest/' }), { hashes: [] })
	expect(directive(proxied, 'connect-src')).toBe("connect-src 'self' https://e.example.com")
	expect(directive(proxied, 'script-src')).toBe("script-src 'self' https://e.example.com")
})
