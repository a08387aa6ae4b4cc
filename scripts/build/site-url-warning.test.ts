import { expect, test } from 'vitest'
import { siteUrlWarning } from './site-url-warning.ts'

test('a production build without SITE_URL is warned about; with it, or outside production, nothing', () => {
	expect(siteUrlWarning({ NODE_ENV: 'production' })).toMatch(/SITE_URL is not set.*localhost:3000/)
	expect(siteUrlWarning({ NODE_ENV: 'production', SITE_URL: 'https://guide.example' })).toBeUndefined()
	expect(siteUrlWarning({})).toBeUndefined()
})
