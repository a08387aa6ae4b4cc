import { readFileSync } from 'node:fs'
import http from 'node:http'
import { flatten } from '#app/lib/content/navigation.ts'
import type { Navigation } from '#app/lib/content/page-types.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

const navigation = JSON.parse(readFileSync('app/generated/navigation.json', 'utf8')) as Navigation
const pages = flatten(navigation.sections).filter((e) => e.component === 'guide')

const decode = (s: string) =>
	s
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&amp;/g, '&')
		.replace(/&quot;/g, '"')

test('every page of the route table answers 200 with its heading in the server HTML', async ({ request }) => {
	expect(pages.length).toBeGreaterThan(60)
	for (const entry of pages) {
		const response = await request.get(entry.path, { maxRedirects: 0 })
		expect(response.status(), entry.path).toBe(200)
		const html = await response.text()
		const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]
		expect(decode(h1 ?? ''), entry.path).toBe(entry.title)
	}
})

test('the route table has every page the site promises', () => {
	const paths = new Set(pages.map((p) => p.path))
	for (const path of [
		'/setup/intro',
		'/setup/glossary',
		'/getting-started/tick-system',
		'/getting-started/combat-options/hitsplats',
		'/getting-started/intro-to-combat',
		'/getting-started/progression-path',
		'/guides/day-one',
		'/guides/early-game/the-world-wakes',
		'/guides/mid-game/while-guthix-sleeps',
		'/guides/late-game/zuk-cape',
		'/guides/bossing-ladder',
		'/leagues',
		'/leagues/day-1',
		'/leagues/relics-tier-list',
	]) {
		expect(paths, path).toContain(path)
	}
})

test('unknown paths answer 404 with the not-found screen', async ({ page }) => {
	const response = await page.goto('/no/such/page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
	await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible()
	await page.getByRole('link', { name: 'Go Home' }).click()
	await expect(page).toHaveURL(/\/$/)
})

test('section roots redirect to their first page, unless the root is a page (Guides, Leagues)', async ({ request }) => {
	for (const [from, to] of [
		['/setup', '/setup/intro'],
		['/getting-started', '/getting-started/intro'],
	]) {
		const response = await request.get(from!, { maxRedirects: 0 })
		expect(response.status(), from).toBe(302)
		expect(new URL(response.headers().location!, 'http://x').pathname).toBe(to)
	}
	expect((await request.get('/guides', { maxRedirects: 0 })).status()).toBe(200)
	expect((await request.get('/leagues', { maxRedirects: 0 })).status()).toBe(200)
})

test('paths are case-insensitive and the fragment survives the redirect', async ({ page }) => {
	await page.goto('/getting-started/Combat-Triangle#weakness')
	await expect(page).toHaveURL(/\/getting-started\/combat-triangle#weakness$/)
	await expect(page.locator('#weakness')).toBeInViewport()
})

test('titles follow the page, section-root and home rules', async ({ page }) => {
	await page.goto('/setup/map')
	const label = pages.find((p) => p.path === '/setup/map')!.label
	await expect(page).toHaveTitle(`${label} - Gielinor Guide`)
	await page.goto('/leagues')
	await expect(page).toHaveTitle('Gielinor Guide - Leagues')
	await page.goto('/')
	await expect(page).toHaveTitle('Gielinor Guide')
	const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
	expect(canonical).toMatch(/\/$/)
	expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
})

test('previous and next links follow the section order', async ({ page }) => {
	const setup = navigation.sections.find((s) => s.section === 'setup')!
	const order = flatten(setup.children)
		.filter((e) => e.visible)
		.map((e) => e.path)
	await page.goto(order[0]!)
	await waitForHydration(page)
	await expect(page.getByRole('link', { name: /Previous/ })).toHaveCount(0)
	await page.getByRole('link', { name: /Next/ }).click()
	await expect(page).toHaveURL(new RegExp(`${order[1]}$`))
	await page.getByRole('link', { name: /Previous/ }).click()
	await expect(page).toHaveURL(new RegExp(`${order[0]}$`))
})

test('sidebar groups collapse, and stay collapsed after a reload', async ({ page }) => {
	await page.goto('/guides/day-one')
	await waitForHydration(page)
	const sidebar = page.getByRole('navigation', { name: 'Guides pages' })
	const child = sidebar.getByRole('link', { name: 'Desert Treasure' })
	await expect(child).toBeVisible()
	await sidebar.getByRole('button', { name: 'Collapse Early Game' }).click()
	await expect(child).toHaveCount(0)
	await page.reload()
	await waitForHydration(page)
	await expect(sidebar.getByRole('button', { name: 'Expand Early Game' })).toBeVisible()
	await expect(child).toHaveCount(0)
	await sidebar.getByRole('button', { name: 'Expand Early Game' }).click()
	await expect(child).toBeVisible()
})

test('on a phone the sidebar opens from a menu and closes after a link click', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await page.goto('/setup/intro')
	await waitForHydration(page)
	const menu = page.locator('summary', { hasText: 'Setup menu' })
	await expect(page.getByRole('navigation', { name: 'Setup pages' })).toBeHidden()
	await menu.click()
	await page.getByRole('navigation', { name: 'Setup pages' }).getByRole('link', { name: 'Glossary' }).click()
	await expect(page).toHaveURL(/\/setup\/glossary$/)
	await expect(page.getByRole('navigation', { name: 'Setup pages' })).toBeHidden()
	await expect(page.locator('details.section-menu')).not.toHaveAttribute('open')
})

test('at 375 px: bottom tab bar, no top links, no home cards', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await page.goto('/')
	const tabs = page.getByRole('navigation', { name: 'Main' })
	await expect(tabs).toBeVisible()
	await expect(tabs.getByRole('link')).toHaveText(['Setup', 'Start (Getting Started)', 'Home', 'Guides', 'Leagues'])
	// What a sighted reader sees:
	expect(await tabs.getByRole('link').evaluateAll((links) => links.map((l) => (l as HTMLElement).innerText.split('\n')[0]))).toEqual([
		'Setup',
		'Start',
		'Home',
		'Guides',
		'Leagues',
	])
	await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden()
	await expect(page.getByRole('navigation', { name: 'Start here' })).toBeHidden()
	await page.setViewportSize({ width: 1024, height: 800 })
	await expect(tabs).toBeHidden()
	await expect(page.getByRole('navigation', { name: 'Start here' })).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Start here' }).getByRole('link')).toHaveCount(4)
})

// The home page hero (events, countdowns) is tested in home.test.ts.

test('external links open in a new tab with noopener noreferrer', async ({ page }) => {
	await page.goto('/')
	const wiki = page.getByRole('link', { name: /Wiki Resources/ })
	await expect(wiki).toHaveAttribute('target', '_blank')
	await expect(wiki).toHaveAttribute('rel', 'noopener noreferrer')
	await page.goto('/setup/rswiki')
	const external = page.locator('article a[href^="https://"]')
	expect(await external.count()).toBeGreaterThan(0)
	for (const link of await external.all()) {
		await expect(link).toHaveAttribute('target', '_blank')
		await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
	}
})

test('internal links navigate client-side', async ({ page }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
	await page.getByRole('navigation', { name: 'Setup pages' }).getByRole('link', { name: 'Glossary' }).click()
	await expect(page).toHaveURL(/\/setup\/glossary$/)
	expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
})

test('theme: dark by default, toggled to light, remembered without a flash', async ({ page }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
	await page.getByRole('button', { name: 'Switch to light theme' }).click()
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
	// The stored theme is applied by the head script, before any rendering or hydration.
	await page.route('**/assets/**', (route) => route.abort())
	await page.reload()
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
	await page.unroute('**/assets/**')
	await page.reload()
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Switch to dark theme' }).click()
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

test('skip link and headings with anchors', async ({ page }) => {
	await page.goto('/getting-started/combat-triangle')
	await page.keyboard.press('Tab')
	const skip = page.getByRole('link', { name: 'Skip to content' })
	await expect(skip).toBeFocused()
	await skip.press('Enter')
	await expect(page).toHaveURL(/#main$/)
	await expect(page.locator('#weakness a.heading-anchor')).toHaveAttribute('href', '#weakness')
})

test('pages render with no console errors (the CSP allows what the site needs)', async ({ page, consoleErrors }) => {
	for (const path of ['/', '/setup/intro', '/getting-started/tick-system', '/guides/mid-game/while-guthix-sleeps', '/leagues']) {
		await page.goto(path)
		await waitForHydration(page)
	}
	expect(consoleErrors).toEqual([])
})

test('security and caching headers, brotli, robots and sitemap', async ({ request }) => {
	const page = await request.get('/setup/intro', { headers: { 'Accept-Encoding': 'br, gzip' } })
	const headers = page.headers()
	expect(headers['content-encoding']).toBe('br')
	expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
	expect(headers['cache-control']).toMatch(/max-age=300/)
	// COOP only on the dashboard: on public pages it costs a fresh renderer process (decision 0015).
	expect(headers['cross-origin-opener-policy']).toBeUndefined()
	const dashboard = await request.get('/dev/dashboard')
	expect(dashboard.headers()['cross-origin-opener-policy']).toBe('same-origin')
	expect(dashboard.headers()['x-frame-options']).toBe('DENY')

	const html = await page.text()
	// A hydration chunk, named in the loader's list (decision 0010) or in a tag.
	const assetPath = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
	expect(assetPath).toBeTruthy()
	const js = await request.get(assetPath!, { headers: { 'Accept-Encoding': 'gzip' } })
	expect(js.headers()['cache-control']).toContain('immutable')
	expect(js.headers()['content-encoding']).toBe('gzip')

	const robots = await (await request.get('/robots.txt')).text()
	expect(robots).toContain('Sitemap: ')
	expect(robots).toContain('Disallow: /dev/')
	const sitemap = await (await request.get('/sitemap.xml')).text()
	expect(sitemap).toContain('/guides/mid-game/while-guthix-sleeps</loc>')
	expect(sitemap).not.toContain('/dev/')

	const ssr = await request.get('/no/such/page')
	expect(ssr.headers()['content-security-policy']).toMatch(/'nonce-/)
})

test('a protocol-relative path never redirects off the site', async ({ baseURL }) => {
	const { hostname, port } = new URL(baseURL!)
	const location = await new Promise<string | undefined>((resolve, reject) => {
		http
			.get({ hostname, port, path: '//evil.example/' }, (res) => {
				res.resume()
				resolve(res.headers.location)
			})
			.on('error', reject)
	})
	expect(location).toBe('/evil.example')
})

test('other failures show the generic error screen with status and text', async ({ request }) => {
	const response = await request.post('/setup/intro', { form: { x: '1' } })
	expect(response.status()).toBe(405)
	const html = await response.text()
	expect(html).toContain('Unexpected Application Error!')
	expect(html).toContain('405 Method Not Allowed')
})

test('on a phone the header icons keep their place while the header is still arriving', async ({ page }) => {
	// The browser may paint while the parser is part-way through the header. The "More" menu is
	// parsed last; its arrival must not push the icons before it (a layout shift on every page).
	await page.setViewportSize({ width: 375, height: 700 })
	await page.goto('/guides')
	const icons = page.locator('header a[aria-label="Search"], [data-header-player]')
	const boxes = () => icons.evaluateAll((elements) => elements.map((el) => el.getBoundingClientRect().x))
	const before = await boxes()
	expect(before).toHaveLength(2)
	await page.locator('[data-more-menu]').evaluate((menu) => menu.remove())
	expect(await boxes()).toEqual(before)
})

test('on a phone the header icons keep their box wherever the parser stops inside them', async ({ page, request }) => {
	test.setTimeout(180_000)
	// A busy machine paints part-way through the document. Mid-header, the "More" <details> showed
	// the browser's own "Details" label before its <summary> came, and the account box stood 42 px
	// tall before its button was whole: the icons moved (a layout shift of 0.002–0.003 in CI).
	await page.setViewportSize({ width: 375, height: 700 })
	const html = await (await request.get('/guides')).text()
	// Without the page's scripts: only the parsed markup and the styles count here.
	const whole = html.replace(/<script\b[^>]*type="module"[^>]*>[^]*?<\/script>/g, '')
	const start = whole.indexOf('<div class="ml-auto')
	const end = whole.indexOf('</header>')
	expect(start).toBeGreaterThan(0)
	// Right after each start tag in the group: where the parser may stop and the browser paint.
	const cuts = [...whole.slice(start, end).matchAll(/<[a-z][^>]*>/g)].map((tag) => start + tag.index + tag[0].length)
	let body = whole
	await page.route('**/guides?part', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }))
	// The group's box, and where each of its children that has a box starts.
	const layout = () =>
		page.locator('header .ml-auto').evaluate((group) => {
			const box = group.getBoundingClientRect()
			return {
				group: [box.x, box.y, box.width, box.height],
				starts: [...group.children].map((child) => {
					const rect = child.getBoundingClientRect()
					return rect.width > 0 && rect.height > 0 ? [rect.x, rect.y] : null
				}),
			}
		})
	await page.goto('/guides?part')
	const expected = await layout()
	for (const cut of cuts) {
		body = whole.slice(0, cut)
		await page.goto('/guides?part')
		const where = `cut after …${whole.slice(Math.max(start, cut - 60), cut)}`
		const partial = await layout()
		expect(partial.group, where).toEqual(expected.group)
		partial.starts.forEach((at, i) => at && expect(at, `${where} (child ${i + 1})`).toEqual(expected.starts[i]))
	}
})

test("a form action's own 400 says Bad Request, not Internal Server Error", async ({ request }) => {
	const response = await request.post('/feedback', { data: { page: '/quests', reason: 'outdated' } })
	expect(response.status()).toBe(400)
	const html = await response.text()
	const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
	expect(main).toContain('400 Bad Request')
	expect(main).not.toContain('Internal Server Error')
	expect(main).toContain('Send the form as application/x-www-form-urlencoded or multipart/form-data.')
})

test('the header row fits from phone to desktop, with and without a remembered name: nothing overlaps or reaches the margin', async ({
	page,
}) => {
	// At 1024 px the theme toggle ran 15 px into the right margin, and a shrinking account box let
	// "Check my account" run over it.
	for (const name of [null, 'Zezima Jr']) {
		if (name) await page.addInitScript((player) => localStorage.setItem('player:username', player), name)
		for (const width of [360, 700, 768, 1024, 1040, 1280]) {
			await page.setViewportSize({ width, height: 700 })
			await page.goto('/guides')
			await waitForHydration(page)
			if (name) await expect(page.locator('[data-header-player]')).toContainText(name)
			const boxes = await page.locator('header > div').evaluate((row) =>
				[...row.querySelectorAll('a, button, summary')]
					.filter((el) => !el.parentElement?.closest('a, button, summary'))
					.map((el) => ({ label: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '', box: el.getBoundingClientRect() }))
					.filter(({ box }) => box.width > 0 && box.top < 56)
					.map(({ label, box }) => ({ label, left: box.left, right: box.right })),
			)
			const where = `${name ?? 'no name'} at ${width} px`
			const margin = width < 640 ? 12 : 16
			expect(Math.max(...boxes.map((b) => b.right)), where).toBeLessThanOrEqual(width - margin + 0.5)
			const sorted = boxes.toSorted((a, b) => a.left - b.left)
			for (let i = 1; i < sorted.length; i++) {
				expect(sorted[i]!.left, `${where}: ${sorted[i - 1]!.label} and ${sorted[i]!.label}`).toBeGreaterThanOrEqual(
					sorted[i - 1]!.right - 0.5,
				)
			}
		}
	}
})
