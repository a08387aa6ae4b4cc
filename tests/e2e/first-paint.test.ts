import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// What docs/decisions/0010-first-paint.md relies on: the first paint needs the document alone.

const GUIDE = '/guides/mid-game/while-guthix-sleeps'

/** Start times of the page's JS requests and of its first contentful paint, in ms. */
function timings(page: Page) {
	return page.evaluate(() => ({
		fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
		scripts: performance
			.getEntriesByType('resource')
			.filter((e) => /\/assets\/.+\.js$/.test(e.name))
			.map((e) => e.startTime),
	}))
}

test('a prerendered guide: styles inline, no stylesheet or preload request, hydration code loaded after the first paint', async ({
	page,
	consoleErrors,
}) => {
	const html = await (await page.request.get(GUIDE)).text()
	expect(html).not.toMatch(/rel="(stylesheet|modulepreload)"/)
	// The whole stylesheet (the small <noscript> style comes first).
	const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!.length)
	expect(Math.max(...styles)).toBeGreaterThan(20_000)
	expect(html).toContain('<script nonce="')
	expect(html).toContain('type="text/x-module-after-paint"')

	await page.goto(GUIDE)
	await waitForHydration(page)
	const { fcp, scripts } = await timings(page)
	expect(fcp).toBeGreaterThan(0)
	expect(scripts.length).toBeGreaterThan(3)
	for (const start of scripts) expect(start).toBeGreaterThanOrEqual(fcp!)
	// Hydration kept the server's stylesheet text (the browser renders an empty <style>).
	expect(await page.evaluate(() => document.head.querySelector('style')?.textContent?.length)).toBeGreaterThan(20_000)
	await expect(page.locator('body > header')).toHaveCSS('position', 'sticky')
	await expect(page.locator('link[rel="modulepreload"]').first()).toBeAttached()
	// The page's CSP is by hashes: the loader and the module script it runs passed it.
	expect(consoleErrors).toEqual([])
})

test('a server-rendered page (CSP by nonce) hydrates after its first paint too', async ({ page, consoleErrors }) => {
	await page.goto('/quests?q=dt')
	await waitForHydration(page)
	await expect(page.locator('tbody tr').first()).toHaveAttribute('data-quest', 'Desert Treasure')
	const { fcp, scripts } = await timings(page)
	for (const start of scripts) expect(start).toBeGreaterThanOrEqual(fcp!)
	expect(consoleErrors).toEqual([])
})

test('skill icons come from one sprite request and show', async ({ page }) => {
	const requests: string[] = []
	page.on('request', (r) => {
		if (r.url().includes('/images/skills/')) requests.push(new URL(r.url()).pathname)
	})
	await page.goto(GUIDE)
	// Hydration turns each badge's server text into a button (new elements): count and scroll after
	// every badge has, as each widget chunk hydrates on its own after the page.
	await waitForHydration(page)
	await expect(page.locator('span[data-skill-badge]')).toHaveCount(0)
	const icons = page.locator('[data-skill-badge] svg use')
	expect(await icons.count()).toBeGreaterThan(10)
	await icons.last().scrollIntoViewIfNeeded()
	// A <use> of a symbol that drew nothing (sprite missing, or no such symbol) has an empty box.
	await expect.poll(() => icons.evaluateAll((uses) => uses.filter((u) => (u as SVGUseElement).getBBox().width === 0).length)).toBe(0)
	expect(requests).toEqual(['/images/skills/sprite.svg'])
})

test('/quests on a phone: nothing moves from the first paint to the hydrated page', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
	const page = await context.newPage()
	await page.addInitScript(() => {
		const w = window as unknown as { shift: number }
		w.shift = 0
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
				if (!entry.hadRecentInput) w.shift += entry.value
			}
		}).observe({ type: 'layout-shift', buffered: true })
	})
	await page.goto('/quests')
	await waitForHydration(page)
	await page.waitForLoadState('networkidle')
	// The lookup box has hydrated (its lazy chunk loaded) when typing enables its button.
	await page.getByLabel('Your RuneScape name').fill('Zezima')
	await expect(page.getByRole('button', { name: 'Look up' })).toBeEnabled()
	expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0)
	await context.close()
})

test('a guide link fetches the next page on hover; the click then shows it', async ({ page }) => {
	await page.goto('/guides/early-game/desert-treasure')
	await waitForHydration(page)
	const link = page.getByRole('navigation', { name: 'Guides pages' }).getByRole('link', { name: 'While Guthix Sleeps' })
	const data = page.waitForResponse((r) => new URL(r.url()).pathname === `${GUIDE}.data`)
	await link.hover()
	expect((await data).status()).toBe(200)
	await expect(page.locator(`link[rel="prefetch"][href^="${GUIDE}.data"]`)).toBeAttached()
	await link.click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('While Guthix Sleeps')
})
