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

test('an island hydrates as it comes into view, without waiting for idle time', async ({ page }) => {
	// The browser is never idle here: only coming into view can start an island.
	await page.addInitScript(() => {
		window.requestIdleCallback = () => 0
		window.cancelIdleCallback = () => {}
	})
	await page.setViewportSize({ width: 390, height: 700 })
	await page.goto(WGS)
	await waitForHydration(page)
	const islands = page.locator('x-island')
	const panel = page.locator('x-island[data-widget="quest-requirements"]')
	const last = islands.last()
	// Nothing is in view at first (the panel starts below the fold).
	await expect(page.locator('x-island[data-hydrated]')).toHaveCount(0)
	// An island has no box of its own (display: contents): its content is what scrolls into view.
	const scrollTo = (index: number) =>
		page.evaluate((i) => {
			const content = document.querySelectorAll('x-island')[i]!.firstElementChild!
			window.scrollTo(0, content.getBoundingClientRect().top + window.scrollY - 100)
		}, index)
	await scrollTo(0)
	await expect(panel).toHaveAttribute('data-hydrated')
	await scrollTo((await islands.count()) - 1)
	await expect(last).toHaveAttribute('data-hydrated')
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

// A sentence from the guide's prose (content/guides/mid-game/while-guthix-sleeps.md).
const PROSE = 'There is a lot of walking; anything that restores run energy is welcome.'

const occurrences = (text: string, part: string) => text.split(part).length - 1

test('the document carries the body HTML once: React takes it from the page, client navigation from the route data', async ({
	page,
	request,
	consoleErrors,
}) => {
	const document = await (await request.get(WGS)).text()
	expect(occurrences(document, PROSE)).toBe(1)
	// What a client-side navigation to the page fetches does carry it.
	expect(occurrences(await (await request.get(`${WGS}.data`)).text(), PROSE)).toBe(1)

	await page.goto(WGS)
	await waitForHydration(page)
	const article = page.locator('main article.prose')
	await expect(article.getByText(PROSE)).toBeVisible()
	await expect(page.locator('x-island[data-widget="quest-requirements"][data-hydrated]')).toBeAttached()
	const elements = await article.evaluate((element) => element.querySelectorAll('*').length)

	// Away and back client-side: the body comes from the route data, the same as the server's.
	await page.locator('main article.prose a[href="/guides/mid-game/ancient-curses"]').first().click()
	await expect(page.locator('main h1')).toHaveText(/Ancient Curses/)
	await page.goBack()
	await expect(article.getByText(PROSE)).toBeVisible()
	await expect(page.locator('x-island[data-widget="quest-requirements"][data-hydrated]')).toBeAttached()
	expect(await article.evaluate((element) => element.querySelectorAll('*').length)).toBe(elements)
	expect(consoleErrors).toEqual([])
})

test('a requirement panel leaves its quest list unhydrated until a player is named', async ({ page }) => {
	await page.goto(WGS)
	await waitForHydration(page)
	const island = page.locator('x-island[data-widget="quest-requirements"]')
	await expect(island).toHaveAttribute('data-hydrated')
	const step = island.locator('li[data-quest]').first()
	expect(await step.evaluate(hasFiber)).toBe(false)
	expect(await island.locator('section').first().evaluate(hasFiber)).toBe(true)
	// Its links work all the same, client-side (the long chain is folded).
	await island.locator('summary').click()
	await page.evaluate(() => {
		;(window as unknown as { marker: boolean }).marker = true
	})
	const link = step.getByRole('link').first()
	const href = await link.getAttribute('href')
	await link.click()
	await expect(page).toHaveURL((url) => url.pathname === href)
	expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
	await page.goBack()
	await expect(island).toHaveAttribute('data-hydrated')

	// The same page with a name stored: the list shows where the player stands, so it hydrates.
	await page.evaluate(() => localStorage.setItem('player:username', 'Zezima Jr'))
	await page.reload()
	await waitForHydration(page)
	await expect(island.getByText('Checked against Zezima Jr')).toBeVisible()
	expect(await step.evaluate(hasFiber)).toBe(true)
	await expect(step).toHaveAttribute('data-status')
})
