import { expect, test } from './fixtures.ts'

// That every guide page renders cleanly in the browser is proven by the accessibility sweep at 375 px.

// Every guide page names its sources now (npm run content -- check): the empty case is a unit test
// of PageSources (app/components/page-sources.test.tsx).
test('a page lists the sources from its front matter under the article', async ({ page }) => {
	await page.goto('/guides/mid-game/double-surge')
	const sources = page.getByRole('region', { name: 'Sources' })
	await expect(sources).toBeVisible()
	const link = sources.getByRole('link', { name: 'runescape.wiki/w/Double Surge' })
	await expect(link).toHaveAttribute('href', 'https://runescape.wiki/w/Double_Surge')
	await expect(link).toHaveAttribute('target', '_blank')
})
