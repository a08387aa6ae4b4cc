import { expect, test, waitForHydration } from './fixtures.ts'

const WGS = '/guides/mid-game/while-guthix-sleeps'

/** Whether React hydrated (or rendered) this element: it then carries its fiber (`__reactFiber$…`). */
const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))

test('a long guide page hydrates its widgets as islands and leaves its prose alone', async ({ page, consoleErrors }) => {
	await page.goto(WGS)
	await waitForHydration(page)
	const article = page.locator('main article.prose')
	// The requirement panel near the top hydrates as it is in view; the badges in the prose too.
	await expect(page.locator('x-island[data-widget="quest-requirements"][data-hydrated]')).toBeAttached()
	await expect(page.locator('x-island[data-widget="skill-badge"][data-hydrated]').first()).toBeAttached()

	const paragraph = article.locator(':scope > p').first()
	await expect(paragraph).toBeVisible()
	expect(await paragraph.evaluate(hasFiber)).toBe(false)
	expect(await article.locator(':scope > h2').first().evaluate(hasFiber)).toBe(false)
	// The article is React's (one element with the server HTML inside); each island is a root of
	// its own, whose widget React hydrated.
	expect(await article.evaluate(hasFiber)).toBe(true)
	expect(await page.locator('[data-skill-badge]').first().evaluate(hasFiber)).toBe(true)
	expect(await page.locator('x-island[data-widget="quest-requirements"] > *').first().evaluate(hasFiber)).toBe(true)

	// Each placeholder carries its widget's props.
	const props = await page.locator('x-island[data-widget="quest-requirements"]').getAttribute('data-props')
	expect(JSON.parse(props ?? '')).toMatchObject({ quest: 'While Guthix Sleeps' })
	expect(consoleErrors).toEqual([])
})

test('islands below the fold hydrate as they near the viewport or once the browser is idle', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 700 })
	await page.goto(WGS)
	await waitForHydration(page)
	const islands = page.locator('x-island')
	const count = await islands.count()
	expect(count).toBeGreaterThan(5)
	await expect(page.locator('x-island[data-hydrated]')).toHaveCount(count)
})

test('a link in the prose navigates client-side, and the next page has working islands', async ({ page, consoleErrors }) => {
	await page.goto(WGS)
	await waitForHydration(page)
	await page.evaluate(() => {
		;(window as unknown as { marker: boolean }).marker = true
	})
	await page.locator('main article.prose a[href="/guides/mid-game/ancient-curses"]').first().click()
	await expect(page).toHaveURL(/\/guides\/mid-game\/ancient-curses$/)
	await expect(page.locator('main h1')).toHaveText(/Ancient Curses/)
	// No full reload: the window is the same.
	expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
	await expect(page.locator('main article.prose')).not.toBeEmpty()
	const islands = page.locator('main x-island')
	if ((await islands.count()) > 0) await expect(islands.first()).toHaveAttribute('data-hydrated')
	// Back again: the guide's islands hydrate once more.
	await page.goBack()
	await expect(page).toHaveURL(new RegExp(`${WGS}$`))
	await expect(page.locator('x-island[data-widget="quest-requirements"][data-hydrated]')).toBeAttached()
	expect(consoleErrors).toEqual([])
})
