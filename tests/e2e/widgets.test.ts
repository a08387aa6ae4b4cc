import type { Locator, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

const GALLERY = '/dev/widgets'

/** Opens a page and waits until React and the widget chunks matching `selector` have hydrated. */
async function open(page: Page, path: string, selector?: string) {
	await page.goto(path)
	await waitForHydration(page)
	if (selector) await expect(page.locator(`${selector}[data-hydrated]`).first()).toBeAttached()
}

/** Scrolls through the whole page so lazy images and widgets below the fold load. */
async function scrollThrough(page: Page) {
	const height = await page.evaluate(() => document.documentElement.scrollHeight)
	for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y)
	await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
	await page.waitForLoadState('networkidle')
}

/** Scrolled through to the end, the page shows its heading and has logged no console error. */
async function expectRenderedCleanly(page: Page, consoleErrors: string[]) {
	await scrollThrough(page)
	await expect(page.locator('main h1')).toBeVisible()
	expect(consoleErrors, page.url()).toEqual([])
}

test.describe('widget gallery', () => {
	test('is served noindex, outside the sitemap, with every widget (the under-construction one links the Discord) and no console errors', async ({
		page,
		consoleErrors,
		request,
	}) => {
		const response = await page.goto(GALLERY)
		expect(response?.status()).toBe(200)
		expect(response?.headers()['x-robots-tag']).toBe('noindex')
		await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
		await waitForHydration(page)
		await expect(page.getByRole('heading', { level: 1, name: 'Widget Gallery' })).toBeVisible()
		for (const selector of [
			'[data-checklist]',
			'[data-tabs]',
			'[data-screenshot]',
			'[data-image-table]',
			'[data-data-table]',
			'[data-metronome]',
			'[data-world-map]',
			'[data-video]',
			'[data-skill-overview]',
		]) {
			await expect(page.locator(selector).first()).toBeAttached()
		}
		await expect(page.getByText('Page Under Construction')).toBeVisible()
		const discord = page.getByRole('link', { name: /RuneScape community Discord/ })
		await expect(discord).toHaveAttribute('href', 'https://discord.gg/runescape')
		await expect(discord).toHaveAttribute('target', '_blank')
		const table = page.locator('[data-data-table]').getByRole('table')
		await expect(table.getByRole('columnheader')).toHaveText(['Setting', 'Suggested'])
		await expect(table.getByRole('rowheader')).toHaveText(['Loot beams', 'Slim headers', 'Interface scaling'])
		await expect(table.locator('caption')).toHaveText('Gameplay settings')
		await expect(page.getByRole('note', { name: 'Before you start' })).toBeVisible()
		// The directive syntax sits beside each widget.
		await expect(page.locator('.gallery-source pre').filter({ hasText: ':::checklist{id="gallery-short"}' })).toBeVisible()
		await scrollThrough(page)
		expect(consoleErrors).toEqual([])

		const sitemap = await (await request.get('/sitemap.xml')).text()
		expect(sitemap).not.toContain('/dev/')
	})
})

test.describe('checklist', () => {
	const short = (page: Page) => page.locator('[data-checklist="gallery-short"]')
	const row = (list: Locator, name: string) => list.getByRole('checkbox', { name })

	test('a click, Space or Enter ticks a row: struck through, counted, the next item highlighted; Reset clears it; a long list starts compact', async ({
		page,
	}) => {
		await open(page, GALLERY, '[data-checklist="gallery-short"]')
		const list = short(page)
		const progress = list.locator('[data-progress]')
		await expect(progress).toHaveText('0 of 3 done')
		await expect(progress).toHaveAttribute('aria-live', 'polite')
		await expect(list.locator('[data-next]')).toHaveCount(0)

		const minimap = row(list, 'Move the minimap to the top-right corner')
		await minimap.click()
		await expect(minimap).toBeChecked()
		await expect(progress).toHaveText('1 of 3 done')
		const text = list.locator('li[data-item="minimap"] [data-item-text]')
		await expect(text).toHaveCSS('text-decoration-line', 'line-through')
		// The first item not done yet is highlighted once some progress has been made.
		await expect(list.locator('[data-next]')).toHaveAttribute('data-item', 'unlock')

		await minimap.click()
		await expect(minimap).not.toBeChecked()
		await expect(progress).toHaveText('0 of 3 done')
		await expect(list.locator('[data-next]')).toHaveCount(0)

		// From the keyboard: Space and Enter tick a row; Reset clears them all.
		const unlock = row(list, 'Unlock the interface')
		await unlock.focus()
		await page.keyboard.press('Space')
		await expect(unlock).toBeChecked()
		await page.keyboard.press('Tab')
		await expect(row(list, 'Move the minimap to the top-right corner')).toBeFocused()
		await page.keyboard.press('Enter')
		await page.keyboard.press('Tab')
		await page.keyboard.press('Enter')
		await expect(list.locator('[data-progress]')).toHaveText('All 3 done')
		await expect(list.locator('[data-next]')).toHaveCount(0)

		await list.getByRole('button', { name: 'Reset' }).click()
		await expect(list.locator('[data-progress]')).toHaveText('0 of 3 done')
		await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0)
		await expect(list.getByRole('button', { name: 'Reset' })).toBeDisabled()

		// A list of more than 10 items starts compact (480 px) and can be expanded.
		const long = page.locator('[data-checklist="gallery-long"]')
		await expect(long).toHaveAttribute('data-hydrated')
		const toggle = long.getByRole('button', { name: 'Compact view' })
		await expect(toggle).toHaveAttribute('aria-pressed', 'true')
		const area = long.locator('[data-compact]')
		await expect(area).toHaveCSS('max-height', '480px')
		const overflow = await area.evaluate((el) => el.scrollHeight > el.clientHeight)
		expect(overflow).toBe(true)

		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-pressed', 'false')
		await expect(long.locator('[data-compact]')).toHaveCount(0)
		const box = await long.getByRole('checkbox').last().boundingBox()
		const listBox = await long.boundingBox()
		expect(box!.y + box!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height)
		// The short gallery list has no toggle.
		await expect(short(page).getByRole('button', { name: 'Compact view' })).toHaveCount(0)
	})

	test('progress survives a reload, and a corrupted stored value is ignored', async ({ page, consoleErrors }) => {
		// Three loads of the gallery, every widget on it: ~15 s when the suite keeps the machine busy.
		test.setTimeout(60_000)
		const long = page.locator('[data-checklist="gallery-long"]')
		/** Stores progress values by checklist id, then loads the gallery (or reloads it). */
		const storeThenLoad = async (values: Record<string, string>, load: () => Promise<unknown>) => {
			await page.evaluate((v) => {
				for (const [id, value] of Object.entries(v)) localStorage.setItem(`checklist:${id}`, value)
			}, values)
			await load()
			await waitForHydration(page)
			// The server HTML shows no progress: only a hydrated list has read what is stored.
			await expect(short(page)).toHaveAttribute('data-hydrated')
			await expect(long).toHaveAttribute('data-hydrated')
		}

		await open(page, GALLERY, '[data-checklist="gallery-short"]')
		await row(short(page), 'Lock the interface again').click()
		await expect(short(page).locator('[data-progress]')).toHaveText('1 of 3 done')
		expect(await page.evaluate(() => localStorage.getItem('checklist:gallery-short'))).toBe('["lock"]')

		// The short list's progress survives a reload; the long one's value is not JSON.
		await storeThenLoad({ 'gallery-long': '{not json' }, () => page.reload())
		await expect(row(short(page), 'Lock the interface again')).toBeChecked()
		await expect(short(page).locator('[data-progress]')).toHaveText('1 of 3 done')
		await expect(long.locator('[data-progress]')).toHaveText(/^0 of \d+ done$/)

		// JSON, but not a list; a list, but not of ids.
		await storeThenLoad({ 'gallery-short': '{"lock":true}', 'gallery-long': '[1,2,3]' }, () => page.goto(GALLERY))
		await expect(short(page).locator('[data-progress]')).toHaveText('0 of 3 done')
		await expect(long.locator('[data-progress]')).toHaveText(/^0 of \d+ done$/)
		await expect(long.getByRole('checkbox', { checked: true })).toHaveCount(0)

		// Ticking again replaces the bad value.
		await row(short(page), 'Unlock the interface').click()
		expect(await page.evaluate(() => localStorage.getItem('checklist:gallery-short'))).toBe('["unlock"]')
		expect(consoleErrors).toEqual([])
	})

	test('the interface setup page keeps each checklist separately, and renders with no console errors', async ({ page, consoleErrors }) => {
		await open(page, '/setup/interface-setup', '[data-checklist="interface-1080p"]')
		const p1080 = page.locator('[data-checklist="interface-1080p"]')
		const p1440 = page.locator('[data-checklist="interface-1440p"]')
		await expect(p1080.locator('[data-progress]')).toHaveText('0 of 13 done')
		await expect(p1080.getByRole('button', { name: 'Compact view' })).toHaveAttribute('aria-pressed', 'true')
		await expect(page.locator('[data-checklist="legacy-interface"]').getByRole('button', { name: 'Compact view' })).toHaveCount(0)

		await p1080.getByRole('checkbox', { name: 'Unlock the interface' }).click()
		await expect(p1080.locator('[data-progress]')).toHaveText('1 of 13 done')
		await expect(p1440.locator('[data-progress]')).toHaveText('0 of 12 done')
		await open(page, '/setup/interface-setup', '[data-checklist="interface-1080p"]')
		await expect(p1080.locator('[data-progress]')).toHaveText('1 of 13 done')
		await expect(p1080.locator('[data-next]')).toHaveAttribute('data-item', 'scaling')
		await expectRenderedCleanly(page, consoleErrors)
	})
})

test.describe('tabs', () => {
	const galleryTabs = (page: Page) => page.locator('[data-tabs]').first()

	test('shows the default tab, keeps every panel in the HTML, switches on click and with arrow keys, Home and End (roving tabindex)', async ({
		page,
		request,
	}) => {
		const html = await (await request.get(GALLERY)).text()
		expect(html).toContain('Trade and use the Grand Exchange freely.')
		expect(html).toContain('As Ironman, with a limited number of lives.')
		expect(html.match(/role="tabpanel"[^>]*hidden=""/g)?.length).toBeGreaterThanOrEqual(2)

		await open(page, GALLERY, '[data-tabs]')
		const tabs = galleryTabs(page)
		await expect(tabs.getByRole('tab', { name: 'Ironman', exact: true })).toHaveAttribute('aria-selected', 'true')
		await expect(tabs.getByRole('tabpanel')).toHaveText('No trading and no Grand Exchange.')
		const height = (await tabs.getByRole('tabpanel').boundingBox())!.height
		expect(height).toBeGreaterThanOrEqual(320)

		await tabs.getByRole('tab', { name: 'Regular' }).click()
		await expect(tabs.getByRole('tab', { name: 'Regular' })).toHaveAttribute('aria-selected', 'true')
		await expect(tabs.getByRole('tabpanel')).toHaveText('Trade and use the Grand Exchange freely.')
		await expect(tabs.getByText('No trading and no Grand Exchange.')).toBeHidden()

		// Arrow keys, Home and End move between tabs with a roving tabindex.
		const tab = (name: string) => tabs.getByRole('tab', { name, exact: true })
		await tab('Ironman').focus()
		await page.keyboard.press('ArrowRight')
		await expect(tab('Hardcore Ironman')).toBeFocused()
		await expect(tab('Hardcore Ironman')).toHaveAttribute('aria-selected', 'true')
		await expect(tab('Hardcore Ironman')).toHaveAttribute('tabindex', '0')
		await expect(tab('Ironman')).toHaveAttribute('tabindex', '-1')
		await page.keyboard.press('ArrowRight')
		await expect(tab('Regular')).toBeFocused()
		await page.keyboard.press('ArrowLeft')
		await expect(tab('Hardcore Ironman')).toBeFocused()
		await page.keyboard.press('Home')
		await expect(tab('Regular')).toHaveAttribute('aria-selected', 'true')
		await page.keyboard.press('End')
		await expect(tab('Hardcore Ironman')).toHaveAttribute('aria-selected', 'true')
		await expect(tabs.getByRole('tabpanel')).toHaveText('As Ironman, with a limited number of lives.')
		// Tab leaves the tab list for the panel.
		await page.keyboard.press('Tab')
		await expect(tabs.getByRole('tabpanel')).toBeFocused()
	})

	test('the game modes page opens on its default tab "None", and renders with no console errors', async ({ page, consoleErrors }) => {
		await open(page, '/setup/gamemodes', '[data-tabs]')
		const tabs = page.locator('[data-tabs]').first()
		await expect(tabs.getByRole('tab', { name: 'None' })).toHaveAttribute('aria-selected', 'true')
		await expect(tabs.getByRole('tabpanel').getByRole('heading', { name: 'Normal account' })).toBeVisible()
		await tabs.getByRole('tab', { name: 'Ironman', exact: true }).click()
		await expect(tabs.getByRole('tabpanel').getByRole('heading', { name: /^Ironman/ })).toBeVisible()
		await expectRenderedCleanly(page, consoleErrors)
	})

	test('a link to a heading inside a hidden tab opens that tab', async ({ page }) => {
		await open(page, '/setup/gamemodes#hardcore-ironman', '[data-tabs]')
		const tabs = page.locator('[data-tabs]').first()
		await expect(tabs.getByRole('tab', { name: 'HCIM' })).toHaveAttribute('aria-selected', 'true')
		await expect(page.getByRole('heading', { name: /^Hardcore Ironman/ })).toBeInViewport()
		await page.evaluate(() => {
			window.location.hash = 'normal-account'
		})
		await expect(tabs.getByRole('tab', { name: 'None' })).toHaveAttribute('aria-selected', 'true')
	})
})

test.describe('screenshot magnifier', () => {
	test('opens the full-size image, locks scrolling, closes on Escape or a click on the overlay and returns focus; images are lazy, their size reserved', async ({
		page,
		consoleErrors,
	}) => {
		// Hold the full-size file back so the loading message can be seen.
		let release: () => void = () => {}
		const held = new Promise<void>((resolve) => {
			release = resolve
		})
		await page.route(/action-bar\.svg\?full$/, async (route) => {
			await held
			await route.continue()
		})
		await open(page, GALLERY, '[data-screenshot]')
		await page.evaluate(() => {
			const w = window as unknown as { tracked: unknown[] }
			w.tracked = []
			document.addEventListener('analytics:track', (e) => w.tracked.push((e as CustomEvent).detail))
		})
		const button = page.getByRole('button', { name: /^Enlarge image: The action bar/ })
		await button.scrollIntoViewIfNeeded()
		const scrollY = await page.evaluate(() => window.scrollY)
		await button.click()
		expect(await page.evaluate(() => (window as unknown as { tracked: unknown[] }).tracked)).toEqual([
			{
				event: 'magnifier_button_clicked',
				props: {
					image_src: '/images/setup/action-bar.svg',
					image_alt: expect.stringMatching(/^The action bar/),
					page_path: '/dev/widgets',
					aria_label: expect.stringMatching(/^Enlarge image: The action bar/),
				},
			},
		])

		const dialog = page.getByRole('dialog')
		await expect(dialog).toBeVisible()
		await expect(dialog.getByRole('status')).toHaveText('Loading full resolution...')
		await expect(page.locator('html')).toHaveCSS('overflow', 'hidden')
		await page.mouse.wheel(0, 800)
		await page.waitForTimeout(100)
		expect(await page.evaluate(() => window.scrollY)).toBe(scrollY)

		release()
		await expect(dialog.getByRole('status')).toHaveCount(0)
		const full = dialog.getByRole('img')
		await expect(full).toHaveAttribute('src', '/images/setup/action-bar.svg?full')
		expect(await full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

		await page.keyboard.press('Escape')
		await expect(dialog).toHaveCount(0)
		await expect(button).toBeFocused()
		await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden')

		// Another image: lazy with its size reserved, and a click anywhere on the overlay closes it.
		const image = page.getByRole('img', { name: 'Suggested 1080p interface layout' }).first()
		await expect(image).toHaveAttribute('loading', 'lazy')
		await expect(image).toHaveAttribute('width', '960')
		await expect(image).toHaveAttribute('height', '540')

		const layout = page.getByRole('button', { name: 'Enlarge image: Suggested 1080p interface layout' })
		await layout.click()
		const layoutDialog = page.getByRole('dialog', { name: /Suggested 1080p interface layout/ })
		await expect(layoutDialog).toBeVisible()
		await expect(layoutDialog.getByRole('button', { name: 'Close' })).toBeFocused()
		await page.mouse.click(20, 20)
		await expect(layoutDialog).toHaveCount(0)
		await expect(layout).toBeFocused()
		expect(consoleErrors).toEqual([])
	})
})

/** The preview image an image table shows. */
const shown = (table: Locator) => table.locator('img[data-shown]')

test.describe('image table', () => {
	test('hover previews, click locks (ignoring hover), a second click unlocks', async ({ page }) => {
		await open(page, GALLERY, '[data-image-table]')
		const table = page.locator('[data-image-table]').first()
		const compass = table.getByRole('button', { name: /Compass/ })
		const run = table.getByRole('button', { name: /Run energy/ })
		await table.scrollIntoViewIfNeeded()
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-base.svg')

		await compass.hover()
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-icons/compass-hover.svg')
		await page.mouse.move(0, 0)
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-base.svg')

		await run.click()
		await expect(run).toHaveAttribute('aria-pressed', 'true')
		await compass.hover()
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-icons/run-hover.svg')
		await page.mouse.move(0, 0)
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-icons/run-hover.svg')

		await run.click()
		await expect(run).toHaveAttribute('aria-pressed', 'false')
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-base.svg')
		await expect(shown(table)).toHaveAttribute('alt', 'Simplified minimap')
	})

	test('works from the keyboard: focus previews, Enter locks; the map page renders with no console errors', async ({
		page,
		consoleErrors,
	}) => {
		await open(page, '/setup/map', '[data-image-table]')
		const table = page.locator('[data-image-table]')
		const bank = table.getByRole('button', { name: /^Bank/ })
		await bank.focus()
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-icons/bank-hover.svg')
		await page.keyboard.press('Enter')
		await expect(bank).toHaveAttribute('aria-pressed', 'true')
		await page.keyboard.press('Tab')
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-icons/bank-hover.svg')
		await page.keyboard.press('Shift+Tab')
		await page.keyboard.press('Space')
		await expect(bank).toHaveAttribute('aria-pressed', 'false')
		await expectRenderedCleanly(page, consoleErrors)
	})
})

test.describe('image table on a touch screen', () => {
	test.use({ hasTouch: true, viewport: { width: 375, height: 740 } })

	test('a tap locks the row and the preview stays in view above the rows', async ({ page }) => {
		await open(page, '/setup/map', '[data-image-table]')
		const table = page.locator('[data-image-table]')
		const altar = table.getByRole('button', { name: /^Altar/ })
		await altar.scrollIntoViewIfNeeded()
		await altar.tap()
		await expect(altar).toHaveAttribute('aria-pressed', 'true')
		await expect(shown(table)).toHaveAttribute('src', '/images/setup/map-icons/altar-hover.svg')
		// Stacked on a phone: preview and rows are full width, and the preview stays in view (sticky
		// under the header) while the reader taps rows further down.
		const figure = table.locator('figure')
		await expect(figure).toBeInViewport()
		await expect(altar).toBeInViewport()
		const preview = (await figure.boundingBox())!
		const rows = (await table.getByRole('list').boundingBox())!
		expect(Math.abs(preview.width - rows.width)).toBeLessThan(2)
		expect(preview.y + preview.height).toBeLessThanOrEqual((await altar.boundingBox())!.y)
	})
})

test.describe('metronome', () => {
	test.beforeEach(async ({ page }) => {
		// Headless audio may fail: count plays (and the volume of each) instead of playing.
		await page.addInitScript(() => {
			const w = window as unknown as { plays: number[] }
			w.plays = []
			HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
				w.plays.push(this.volume)
				return Promise.resolve()
			}
		})
	})

	const plays = (page: Page) => page.evaluate(() => (window as unknown as { plays: number[] }).plays)

	test('start plays a click per beat (600 ms at 100 BPM) with a visual beat, at the volume the slider sets (0 to 1 by 0.1, from 0.5); stop stops it', async ({
		page,
	}) => {
		// The page clock is stepped by hand, so the count does not depend on how busy the machine is.
		await page.clock.install()
		await open(page, GALLERY, '[data-metronome]')
		await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)
		const metronome = page.locator('[data-metronome]')
		await expect(metronome).toContainText('100 BPM')
		await metronome.getByRole('button', { name: 'Start metronome' }).click()
		await expect(metronome).toHaveAttribute('data-running', '')
		expect(await plays(page)).toHaveLength(1)
		await expect(metronome.locator('[data-beat]')).toHaveAttribute('data-beat', '0')
		await page.clock.runFor(600)
		expect(await plays(page)).toHaveLength(2)
		await expect(metronome.locator('[data-beat]')).toHaveAttribute('data-beat', '1')
		await page.clock.runFor(1200)
		expect(await plays(page)).toHaveLength(4)

		await metronome.getByRole('button', { name: 'Stop metronome' }).click()
		await expect(metronome).not.toHaveAttribute('data-running', '')
		await page.clock.runFor(1800)
		expect(await plays(page)).toHaveLength(4)
		await expect(metronome.locator('[data-beat]')).toHaveAttribute('data-beat', '-1')
		// Every click so far at the starting volume.
		expect(await plays(page)).toEqual([0.5, 0.5, 0.5, 0.5])

		// The volume slider goes from 0 to 1 in steps of 0.1, starting at 0.5; each click takes its value.
		const slider = metronome.getByRole('slider', { name: 'Volume' })
		await expect(slider).toHaveValue('0.5')
		await expect(slider).toHaveAttribute('min', '0')
		await expect(slider).toHaveAttribute('max', '1')
		await expect(slider).toHaveAttribute('step', '0.1')
		await slider.focus()
		await page.keyboard.press('ArrowRight')
		await page.keyboard.press('ArrowRight')
		await expect(slider).toHaveValue('0.7')
		await expect(metronome.locator('output')).toHaveText('70%')

		await metronome.getByRole('button', { name: 'Start metronome' }).click()
		expect(await plays(page)).toHaveLength(5)
		expect((await plays(page)).at(-1)).toBeCloseTo(0.7)
		await slider.fill('0.2')
		await page.clock.runFor(600)
		expect(await plays(page)).toHaveLength(6)
		expect((await plays(page)).at(-1)).toBeCloseTo(0.2)
		await metronome.getByRole('button', { name: 'Stop metronome' }).click()
	})

	test('a click that cannot be played is only a warning; the beat goes on', async ({ page, consoleErrors }) => {
		await page.addInitScript(() => {
			HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'))
		})
		const warnings: string[] = []
		page.on('console', (m) => {
			if (m.type() === 'warning') warnings.push(m.text())
		})
		await open(page, '/getting-started/tick-system', '[data-metronome]')
		const metronome = page.locator('[data-metronome]')
		await metronome.getByRole('button', { name: 'Start metronome' }).click()
		await expect(metronome.locator('[data-beat]')).toHaveAttribute('data-beat', '1', { timeout: 1000 })
		expect(warnings.some((w) => w.includes('Metronome'))).toBe(true)
		expect(consoleErrors).toEqual([])
	})

	test('ships its click sound', async ({ request }) => {
		const response = await request.get('/sounds/metronome.mp3')
		expect(response.status()).toBe(200)
		expect(response.headers()['content-type']).toBe('audio/mpeg')
		const size = (await response.body()).length
		expect(size).toBeGreaterThan(200)
		expect(size).toBeLessThan(20_000)
	})
})

test.describe('world map', () => {
	for (const path of [GALLERY, '/setup/map']) {
		test(`a double-click on ${path} puts the marker's tip at the pointer and shows where`, async ({ page }) => {
			await open(page, path, '[data-world-map]')
			const map = page.locator('[data-map-area]')
			await map.scrollIntoViewIfNeeded()
			await expect(map.locator('img')).toHaveJSProperty('complete', true)
			const box = (await map.boundingBox())!
			const x = box.x + box.width * 0.25
			const y = box.y + box.height * 0.6
			await page.mouse.dblclick(x, y)

			const marker = map.locator('[data-marker]')
			await expect(marker).toBeVisible()
			const pin = (await marker.boundingBox())!
			expect(Math.abs(pin.x + pin.width / 2 - x)).toBeLessThan(1.5)
			expect(Math.abs(pin.y + pin.height - y)).toBeLessThan(1.5)
			// The pin's centre is 16 px above the pointer.
			expect(Math.abs(pin.y + pin.height / 2 - (y - 16))).toBeLessThan(1.5)
			// Pointer positions are whole pixels, so allow a rounding step.
			const [across, down] = ((await page.locator('[data-coordinates]').textContent()) ?? '').match(/[\d.]+/g)!.map(Number)
			expect(Math.abs(across! - 25)).toBeLessThanOrEqual(0.3)
			expect(Math.abs(down! - 60)).toBeLessThanOrEqual(0.3)

			// A second double-click moves it; the keyboard nudges it.
			await page.mouse.dblclick(box.x + box.width * 0.5, box.y + box.height * 0.5)
			await expect(page.locator('[data-coordinates]')).toHaveText(/Marker at (49\.\d|50\.[0-3])% across/)
			// Keyboard: Delete removes it, Enter puts it in the middle, arrows nudge it.
			await map.focus()
			await page.keyboard.press('Delete')
			await expect(marker).toHaveCount(0)
			await page.keyboard.press('Enter')
			await page.keyboard.press('ArrowRight')
			await page.keyboard.press('Shift+ArrowUp')
			await expect(page.locator('[data-coordinates]')).toHaveText('Marker at 51.0% across, 45.0% down')
			await page.getByRole('button', { name: 'Remove marker' }).click()
			await expect(marker).toHaveCount(0)
		})
	}
})

test.describe('video', () => {
	test('loads nothing from YouTube until play is pressed, then the nocookie player', async ({ page }) => {
		const youtube: string[] = []
		await page.route(/youtube|ytimg|googlevideo/, (route) => {
			youtube.push(route.request().url())
			return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' })
		})
		await open(page, GALLERY, '[data-video]')
		const video = page.locator('[data-video="jNQXAC9IVRw"]')
		await video.scrollIntoViewIfNeeded()
		await expect(video.locator('iframe')).toHaveCount(0)
		const frameBox = (await video.locator('.aspect-video').boundingBox())!
		expect(frameBox.width / frameBox.height).toBeCloseTo(16 / 9, 1)
		expect(youtube).toEqual([])

		await video.getByRole('button', { name: /^Play video:/ }).click()
		const iframe = video.locator('iframe')
		await expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/jNQXAC9IVRw?autoplay=1')
		await expect(iframe).toHaveAttribute('title', /Me at the zoo/)
		await expect.poll(() => youtube.length).toBeGreaterThan(0)
		expect(youtube.every((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true)
	})

	test('the Getting Started intro video loads only its poster until play, then plays, and its transcript seeks', async ({
		page,
		consoleErrors,
	}) => {
		const videoRequests: string[] = []
		page.on('request', (request) => {
			if (request.url().includes('/videos/') && !request.url().endsWith('.svg')) videoRequests.push(request.url())
		})
		await open(page, '/getting-started/intro', '[data-video]')
		const figure = page.locator('[data-video="/videos/how-a-fight-flows.mp4"]')
		await figure.scrollIntoViewIfNeeded()
		const poster = figure.locator('img[src="/videos/how-a-fight-flows.poster.svg"]')
		await expect(poster).toBeVisible()
		expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280)
		const box = (await figure.locator('.aspect-video').boundingBox())!
		expect(box.width / box.height).toBeCloseTo(16 / 9, 1)
		await expect(figure.getByRole('button', { name: /^Play video:/ })).toContainText('1:01')
		await expect(figure.locator('video')).toHaveCount(0)
		expect(videoRequests).toEqual([])

		await figure.getByRole('button', { name: 'Play video: How a fight flows: RuneScape 3 combat in about a minute' }).click()
		const video = figure.locator('video')
		await expect(video).toBeFocused()
		await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3)
		expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight, Math.round(v.duration)])).toEqual([1280, 720, 61])
		expect(videoRequests.every((url) => url.endsWith('/videos/how-a-fight-flows.mp4'))).toBe(true)

		// The transcript lists the narration; a line's time starts the video there.
		const transcript = figure.locator('details', { hasText: 'Transcript' })
		await transcript.locator('summary').click()
		await expect(transcript.getByRole('listitem')).toHaveCount(8)
		await expect(transcript.getByRole('listitem').nth(1)).toContainText('ticks of 0.6 seconds')
		await transcript.getByRole('button', { name: 'Play from 0:42' }).click()
		await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(42)
		expect(consoleErrors).toEqual([])
	})
})

test.describe('pages with widgets', () => {
	// The interface setup, game modes and map pages are checked the same way by their widgets' tests.
	test('each renders its widgets with no console errors', async ({ page, consoleErrors }) => {
		// Four loads, each scrolled through to the end, in one browser page.
		test.setTimeout(60_000)
		for (const path of [
			'/getting-started/tick-system',
			'/getting-started/keybinds',
			'/getting-started/combat-basics',
			'/getting-started/gear-recommendations',
		]) {
			await open(page, path)
			await expectRenderedCleanly(page, consoleErrors)
		}
	})
})
