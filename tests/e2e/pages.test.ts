import { readFileSync } from 'node:fs'
import { flatten } from '#app/lib/content/navigation.ts'
import type { Navigation } from '#app/lib/content/page-types.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

const navigation = JSON.parse(readFileSync('app/generated/navigation.json', 'utf8')) as Navigation

// Every page of every section, in a real browser: its heading, a hydrated page, no console errors,
// and no leftover under-construction notice.
for (const section of navigation.sections) {
	const pages = flatten([section]).filter((e) => e.component === 'guide')
	test(`every ${section.label} page renders cleanly in the browser`, async ({ page, consoleErrors }) => {
		test.setTimeout(30_000 + pages.length * 5_000)
		for (const entry of pages) {
			await page.goto(entry.path)
			await waitForHydration(page)
			await expect(page.getByRole('heading', { level: 1 }), entry.path).toHaveText(entry.title)
			await expect(page.getByText('Page Under Construction'), entry.path).toHaveCount(0)
			expect(consoleErrors, entry.path).toEqual([])
		}
	})
}

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
