import { randomBytes } from 'node:crypto'
import type { APIRequestContext, BrowserContextOptions, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { startServerInstance } from './server-instance.ts'

// The author dashboard in the browser, against the production build (playwright.config.ts:
// API_KEYS=e2e-test-key, DASHBOARD_PASSWORD=e2e-dashboard-password). Other specs upload into the
// same store at the same time, so tests here use unique names, read counts from the page, or
// start their own server instance when they need an exact store.

const PASSWORD = 'e2e-dashboard-password'
const API_KEY = 'e2e-test-key'
const KEY_STORAGE = 'gielinor-guide:dashboard-api-key'
/** A wrong password, in the spec's words: its title, then the explanation. */
const DENIED = 'Incorrect password Access denied. Please try again.'
const unique = (stem: string) => `${stem}-${randomBytes(4).toString('hex')}`

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title })

/** Logs in through the dashboard's own form action; the session cookie lands in the page's context. */
async function logIn(page: Page, base = '', password = PASSWORD) {
	const response = await page.request.post(`${base}/dev/dashboard?index`, {
		form: { intent: 'login', password },
	})
	expect(response.ok()).toBe(true)
}

let authorSession: Promise<BrowserContextOptions['storageState']> | undefined

/**
 * `test` for pages that only need a logged-in author: the worker logs in once (over HTTP, the form
 * is tested on its own) and every such test starts with that session's cookie. Tests that log out,
 * log in or count logins make their own session: logout revokes the session on the server.
 */
const loggedIn = test.extend({
	storageState: async ({ playwright, baseURL }, use) => {
		authorSession ??= (async () => {
			const api = await playwright.request.newContext({ baseURL })
			const response = await api.post('/dev/dashboard?index', { form: { intent: 'login', password: PASSWORD } })
			expect(response.ok()).toBe(true)
			const state = await api.storageState()
			await api.dispose()
			return state
		})()
		await use(await authorSession)
	},
})

async function saveKeyBeforeLoad(page: Page, key: string) {
	await page.addInitScript(([name, value]) => localStorage.setItem(name!, value!), [KEY_STORAGE, key])
}

async function seed(
	request: APIRequestContext,
	files: { name: string; type: string; body: Buffer | string }[],
	options: { base?: string; key?: string } = {},
) {
	const keys: string[] = []
	for (const file of files) {
		const created = await request.post(`${options.base ?? ''}/api/v1/images/upload/upload-url`, {
			headers: { authorization: `Bearer ${options.key ?? API_KEY}` },
			data: { filename: file.name, contentType: file.type },
		})
		expect(created.status()).toBe(200)
		const { uploadUrl, filename } = (await created.json()) as { uploadUrl: string; filename: string }
		const put = await request.put(uploadUrl, { headers: { 'content-type': file.type }, data: file.body })
		expect(put.status()).toBe(200)
		keys.push(filename)
	}
	return keys
}

async function showingCounts(page: Page) {
	const text = await page.getByText(/^Showing \d+ - \d+ of \d+ images?( matching “.+”)?$/).textContent()
	const [, from, to, total] = /Showing (\d+) - (\d+) of (\d+)/.exec(text ?? '') ?? []
	return { from: Number(from), to: Number(to), total: Number(total) }
}

test('the locked dashboard asks for a password in a form that is always open', async ({ page, consoleErrors }) => {
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST') posts.push(request.url())
	})
	const response = await page.goto('/dev/dashboard')
	expect(response?.headers()['x-robots-tag']).toBe('noindex')
	expect(response?.headers()['cache-control']).toBe('private, no-store')
	await waitForHydration(page)
	await expect(page).toHaveTitle('Dashboard Access Required - Gielinor Guide')
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard Access Required')
	await expect(page.getByText('Need access? Contact the development team for credentials.')).toBeVisible()
	await expect(page.getByText('API Key')).toHaveCount(0)
	await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)

	// No button to open a box first: the form is there (and works without JavaScript).
	const password = page.getByLabel('Password', { exact: true })
	await expect(password).toHaveAttribute('type', 'password')
	await expect(page.getByRole('button', { name: 'Enter Password' })).toBeVisible()
	await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
	expect(posts).toEqual([])
	expect(consoleErrors).toEqual([])
})

test('the upload and gallery pages send a visitor without a session to the locked screen', async ({ page }) => {
	await page.goto('/dev/dashboard/upload')
	await expect(page).toHaveURL('/dev/dashboard?redirectTo=%2Fdev%2Fdashboard%2Fupload')
	await expect(page.getByRole('heading', { name: 'Dashboard Access Required' })).toBeVisible()
	await page.goto('/dev/dashboard/gallery?page=2')
	await expect(page).toHaveURL(/\/dev\/dashboard\?redirectTo=%2Fdev%2Fdashboard%2Fgallery%3Fpage%3D2$/)
	await expect(page.getByText('Image Gallery')).toHaveCount(0)
})

test('a wrong password is said beside the field, which keeps focus; the right one unlocks the dashboard', async ({
	page,
	context,
	consoleErrors,
}) => {
	await page.goto('/dev/dashboard')
	await waitForHydration(page)
	const password = page.getByLabel('Password', { exact: true })

	await password.fill('definitely-wrong')
	await page.getByRole('button', { name: 'Enter Password' }).click()
	const denied = page.getByRole('alert').filter({ hasText: 'Incorrect password' })
	await expect(denied).toHaveText(DENIED)
	await expect(password).toBeVisible()
	await expect(password).toBeFocused()
	await expect(password).toHaveAttribute('aria-invalid', 'true')
	await expect(password).toHaveAccessibleDescription(DENIED)
	await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
	expect(await context.cookies()).toEqual([])

	await password.fill(PASSWORD)
	await password.press('Enter')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back')
	await expect(page).toHaveURL('/dev/dashboard')
	await expect(page.getByRole('heading', { name: 'API Key' })).toBeVisible()
	await expect(page.getByRole('link', { name: /Upload Center/ })).toHaveAttribute('href', '/dev/dashboard/upload')
	await expect(page.getByRole('link', { name: /Image Gallery/ })).toHaveAttribute('href', '/dev/dashboard/gallery')
	await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()

	const [cookie] = await context.cookies()
	expect(cookie).toMatchObject({ name: 'gg_session', httpOnly: true, sameSite: 'Strict', path: '/' })
	// The session is httpOnly: page scripts can't read it.
	expect(await page.evaluate(() => document.cookie)).toBe('')
	expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([])
})

test('logging in from a redirect goes back to the page that was asked for', async ({ page }) => {
	await page.goto('/dev/dashboard/gallery')
	await waitForHydration(page)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByRole('button', { name: 'Enter Password' }).click()
	await expect(page).toHaveURL('/dev/dashboard/gallery')
	await expect(page.getByRole('heading', { name: 'Image Gallery' })).toBeVisible()
})

loggedIn(
	'the API key: blank is refused by a toast that leaves the header and Logout uncovered, in the site theme; a key is saved in localStorage',
	async ({ page, consoleErrors }) => {
		await page.goto('/dev/dashboard')
		await waitForHydration(page)
		const field = page.getByRole('textbox', { name: 'API Key' })
		await expect(field).toHaveAttribute('type', 'password')

		await field.fill('   ')
		await page.getByRole('button', { name: 'Save Key' }).click()
		const refused = toast(page, 'Please enter a valid API key')
		await expect(refused).toBeVisible()
		expect(await page.evaluate((name) => localStorage.getItem(name), KEY_STORAGE)).toBeNull()

		// Once it has slid into place, the toast covers neither the site header nor the dashboard's Logout.
		const header = (await page.locator('header').first().boundingBox())!
		const logout = (await page.getByRole('button', { name: 'Logout' }).boundingBox())!
		await expect
			.poll(async () => (await refused.boundingBox())!.y)
			.toBeGreaterThanOrEqual(Math.max(header.y + header.height, logout.y + logout.height))
		await page.getByRole('button', { name: 'Logout' }).click({ trial: true, timeout: 2000 })
		// It wears the site's raised surface (the API key panel's), not sonner's own black or white.
		const colours = () => refused.evaluate((el) => getComputedStyle(el).backgroundColor)
		const surface = () => page.locator('#api-key').evaluate((el) => getComputedStyle(el).backgroundColor)
		const dark = await colours()
		expect(dark).not.toBe('rgb(0, 0, 0)')
		expect(dark).toBe(await surface())
		await page.getByRole('button', { name: /Switch to light theme/ }).click()
		await expect.poll(colours).not.toBe(dark)
		expect(await colours()).toBe(await surface())

		await field.fill(` ${API_KEY} `)
		await page.getByRole('button', { name: 'Save Key' }).click()
		await expect(toast(page, 'API key saved successfully!')).toBeVisible()
		expect(await page.evaluate((name) => localStorage.getItem(name), KEY_STORAGE)).toBe(API_KEY)
		await expect(page.getByText('Saved in this browser')).toBeVisible()

		await page.reload()
		await waitForHydration(page)
		await expect(page.getByRole('textbox', { name: 'API Key' })).toHaveValue(API_KEY)
		await page.getByRole('button', { name: 'Show' }).click()
		await expect(page.getByRole('textbox', { name: 'API Key' })).toHaveAttribute('type', 'text')
		expect(consoleErrors).toEqual([])
	},
)

loggedIn(
	'without a saved API key the upload page warns and an upload says where to set one; a wrong key saved there fails with the upload-url status',
	async ({ page }) => {
		await page.goto('/dev/dashboard/upload')
		await waitForHydration(page)
		const warning = page.locator('[data-no-api-key]')
		await expect(warning).toContainText('No API key is saved in this browser')
		const file = { name: 'a.png', mimeType: 'image/png', buffer: PNG }
		await page.locator('input[type=file]').setInputFiles(file)
		const failed = toast(page, 'Upload failed')
		await expect(failed).toBeVisible()
		await expect(failed).toContainText('API key not found. Please configure your API key in the dashboard.')
		await expect(page.getByText(/Uploaded Files/)).toHaveCount(0)

		// The warning links to the key form; once a key is saved there, the warning is gone.
		await warning.getByRole('link', { name: 'Save your API key on the dashboard' }).click()
		await expect(page).toHaveURL(/\/dev\/dashboard#api-key$/)
		await page.getByRole('textbox', { name: 'API Key' }).fill('not-a-real-key')
		await page.getByRole('button', { name: 'Save Key' }).click()
		await expect(toast(page, 'API key saved successfully!')).toBeVisible()
		await page.goto('/dev/dashboard/upload')
		await waitForHydration(page)
		await expect(page.getByRole('heading', { name: 'Upload Center' })).toBeVisible()
		await expect(page.locator('[data-no-api-key]')).toHaveCount(0)

		// That key is not a real one: the upload fails with the status of the upload-url call.
		await page.locator('input[type=file]').setInputFiles(file)
		await expect(toast(page, 'Upload failed')).toContainText('Failed to get upload URL: 401 Unauthorized')
		await expect(page.getByRole('button', { name: 'Choose Files' })).toBeEnabled()
	},
)

loggedIn('the file picker waits for the page scripts and says so, then uploads what is chosen', async ({ page }) => {
	await saveKeyBeforeLoad(page, API_KEY)
	// Hold every script back: the server-rendered page is on screen, but nothing on it runs yet.
	let letScriptsLoad!: () => void
	const scriptsMayLoad = new Promise<void>((resolve) => (letScriptsLoad = resolve))
	await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
		await scriptsMayLoad
		await route.continue()
	})
	await page.goto('/dev/dashboard/upload', { waitUntil: 'commit' })
	const waiting = page.getByRole('button', { name: 'Loading…' })
	await expect(waiting).toBeVisible()
	await expect(waiting).toBeDisabled()
	await expect(page.locator('input[type=file]')).toBeDisabled()
	expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()

	letScriptsLoad()
	await waitForHydration(page)
	await expect(page.getByRole('button', { name: 'Choose Files' })).toBeEnabled()
	const name = `${unique('early')}.png`
	await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG })
	await expect(toast(page, 'All files uploaded successfully!')).toBeVisible()
	await expect(page.getByText(name)).toBeVisible()
})

loggedIn('two files upload through the file chooser with progress to 100%', async ({ page, context, baseURL, consoleErrors }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
	await saveKeyBeforeLoad(page, API_KEY)
	// Every progress value the bar shows, in order.
	await page.addInitScript(() => {
		const seen: number[] = []
		Object.assign(window, { progressSeen: seen })
		new MutationObserver((records) => {
			for (const record of records) {
				const target = record.target as Element
				if (target.getAttribute?.('role') === 'progressbar') {
					seen.push(Number(target.getAttribute('aria-valuenow')))
				}
			}
		}).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] })
	})
	await page.goto('/dev/dashboard/upload')
	await waitForHydration(page)
	await expect(page.getByRole('heading', { name: 'Upload Center' })).toBeVisible()
	await expect(page.getByText('No file size limit')).toBeVisible()
	await expect(page.getByRole('link', { name: 'View Gallery' })).toHaveAttribute('href', '/dev/dashboard/gallery')
	await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dev/dashboard')

	// Loopback finishes in one progress event: throttle the upload to ~4 MB/s to watch it move.
	const cdp = await context.newCDPSession(page)
	await cdp.send('Network.enable')
	await cdp.send('Network.emulateNetworkConditions', {
		offline: false,
		latency: 0,
		downloadThroughput: -1,
		uploadThroughput: 4 * 1024 * 1024,
	})
	const big = Buffer.alloc(3 * 1024 * 1024, 'guide ')
	const name = unique('route-notes')
	const chooser = page.waitForEvent('filechooser')
	await page.getByRole('button', { name: 'Choose Files' }).click()
	await (
		await chooser
	).setFiles([
		{ name: `${name}.png`, mimeType: 'image/png', buffer: PNG },
		{ name: `${name}.txt`, mimeType: 'text/plain', buffer: big },
	])

	const done = toast(page, 'All files uploaded successfully!')
	await expect(done).toBeVisible()
	await expect(done).toContainText('Uploaded 2 file(s)')
	await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100')
	await expect(page.getByText('100% uploaded')).toBeVisible()
	const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
	expect(seen.at(-1)).toBe(100)
	expect(seen).toEqual([...seen].sort((a, b) => a - b))
	expect(new Set(seen.filter((value) => value > 0 && value < 100)).size).toBeGreaterThanOrEqual(3)

	const list = page.getByRole('region', { name: 'Uploaded Files (2)' })
	await expect(list.getByRole('heading')).toHaveText('Uploaded Files (2)')
	const items = list.getByRole('listitem')
	await expect(items).toHaveCount(2)
	await expect(items.nth(0)).toContainText(`${name}.png`)
	await expect(items.nth(1)).toContainText(`${name}.txt`)
	await expect(items.nth(1)).toContainText('3 MB')

	const view = items.nth(1).getByRole('link', { name: /^View / })
	const href = await view.getAttribute('href')
	expect(href).toMatch(new RegExp(`/uploads/[0-9a-z]{22}-${name}\\.txt$`))
	expect(await view.getAttribute('target')).toBe('_blank')
	const stored = await page.request.get(href!)
	expect(stored.status()).toBe(200)
	expect(Buffer.from(await stored.body()).equals(big)).toBe(true)

	// Copy offers the path on the site and a ready markdown snippet.
	const path = new URL(href!, baseURL).pathname
	await items
		.nth(1)
		.getByRole('button', { name: /^Copy the path/ })
		.click()
	await expect(toast(page, 'Path copied to clipboard')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(path)
	await items
		.nth(0)
		.getByRole('button', { name: /^Copy a markdown snippet/ })
		.click()
	await expect(toast(page, 'Markdown copied to clipboard')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
		new RegExp(`^!\\[${name.replaceAll('-', ' ')}\\]\\(/uploads/[0-9a-z]{22}-${name}\\.png\\)$`),
	)
	await items
		.nth(1)
		.getByRole('button', { name: /^Copy a markdown snippet/ })
		.click()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`[${name.replaceAll('-', ' ')}](${path})`)
	expect(consoleErrors).toEqual([])
})

loggedIn(
	'files of other types are skipped with the reason; dragging over the drop zone highlights it and a drop uploads',
	async ({ page }) => {
		await saveKeyBeforeLoad(page, API_KEY)
		await page.goto('/dev/dashboard/upload')
		await waitForHydration(page)
		await page.locator('input[type=file]').setInputFiles({
			name: 'tool.exe',
			mimeType: 'application/octet-stream',
			buffer: Buffer.from('MZ'),
		})
		const skipped = toast(page, 'Nothing to upload')
		await expect(skipped).toContainText("tool.exe: .exe files can't be uploaded.")
		await expect(page.getByRole('progressbar')).toHaveCount(0)

		const zone = page.getByTestId('drop-zone')
		const name = `${unique('dropped')}.txt`
		const dataTransfer = await page.evaluateHandle((fileName) => {
			const transfer = new DataTransfer()
			transfer.items.add(new File(['dropped text'], fileName, { type: 'text/plain' }))
			return transfer
		}, name)
		await zone.dispatchEvent('dragenter', { dataTransfer })
		await expect(zone).toHaveAttribute('data-dragging', 'true')
		await expect(zone).toContainText('Drop the files to upload')
		await zone.dispatchEvent('drop', { dataTransfer })
		await expect(zone).not.toHaveAttribute('data-dragging')
		await expect(page.getByRole('heading', { name: 'Uploaded Files (1)' })).toBeVisible()
		await expect(page.getByRole('region', { name: 'Uploaded Files (1)' })).toContainText(name)
	},
)

loggedIn('the gallery pages through 25 seeded files', async ({ page, request }) => {
	const stem = unique('gallery')
	await seed(
		request,
		Array.from({ length: 25 }, (_, i) => ({
			name: `${stem}-${String(i + 1).padStart(2, '0')}.png`,
			type: 'image/png',
			body: PNG,
		})),
	)
	// Filtered to this test's files: other tests upload to the same gallery meanwhile, which made
	// counts read from the whole gallery change between two reads.
	const at = (n: number) => `/dev/dashboard/gallery?${n > 1 ? `page=${n}&` : ''}q=${stem}`
	await page.goto(at(1))
	await waitForHydration(page)
	await expect(page.getByRole('heading', { name: 'Image Gallery' })).toBeVisible()

	expect(await showingCounts(page)).toEqual({ from: 1, to: 12, total: 25 })
	const cards = page
		.getByRole('main')
		.getByRole('listitem')
		.filter({ has: page.getByRole('link', { name: /^View / }) })
	await expect(cards).toHaveCount(12)
	await expect(page.getByText('Page 1 of 3 (25 total images)')).toBeVisible()
	const nav = page.getByRole('navigation', { name: 'Gallery pages' })
	await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
	await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveCount(0)
	// Sizes and dates on every card.
	const ours = cards.first()
	await expect(ours).toContainText(stem)
	await expect(ours).toContainText('70 Bytes')
	await expect(ours.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d UTC$/)

	// Slow the next page down to see the overlay.
	await page.route('**/api/v1/images/view?*', async (route) => {
		await new Promise((resolve) => setTimeout(resolve, 800))
		await route.continue()
	})
	await nav.getByRole('link', { name: 'Page 2' }).click()
	await expect(page.getByText('Loading more images...')).toBeVisible()
	await expect(page).toHaveURL(at(2))
	await expect(page.getByText('Loading more images...')).toBeHidden()
	await page.unroute('**/api/v1/images/view?*')
	await expect.poll(() => showingCounts(page)).toEqual({ from: 13, to: 24, total: 25 })
	await expect(cards).toHaveCount(12)
	await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')

	await nav.getByRole('link', { name: 'Page 3' }).click()
	await expect(page).toHaveURL(at(3))
	await expect.poll(() => showingCounts(page)).toEqual({ from: 25, to: 25, total: 25 })
	await expect(cards).toHaveCount(1)
	await expect(nav.getByRole('link', { name: 'Next page' })).toHaveCount(0)
	await nav.getByRole('link', { name: 'Previous page' }).click()
	await expect(page).toHaveURL(at(2))

	// A page past the end goes to the last page; nonsense goes to page 1.
	await page.goto(`/dev/dashboard/gallery?page=9999&q=${stem}`)
	await expect(page).toHaveURL(at(3))
	await page.goto('/dev/dashboard/gallery?page=abc')
	await expect(page).toHaveURL('/dev/dashboard/gallery')
})

test('an empty store shows the empty state; then previews, placeholders and file tiles', async ({ page, request }) => {
	const server = await startServerInstance()
	try {
		await logIn(page, server.baseURL, server.password)
		await page.goto(`${server.baseURL}/dev/dashboard/gallery`)
		await waitForHydration(page)
		await expect(page.getByRole('heading', { name: 'No images found' })).toBeVisible()
		await expect(page.getByText('Upload some images to get started')).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Gallery pages' })).toHaveCount(0)

		await seed(
			request,
			[
				{ name: 'good.png', type: 'image/png', body: PNG },
				{ name: 'broken.png', type: 'image/png', body: Buffer.from('this is not a PNG at all') },
				{ name: 'route.pdf', type: 'application/pdf', body: Buffer.from('%PDF-1.4\n%%EOF\n') },
				{ name: 'notes.txt', type: 'text/plain', body: 'x'.repeat(1536) },
			],
			{ base: server.baseURL, key: server.apiKey },
		)
		await page.reload()
		await waitForHydration(page)
		await expect(page.getByText('Showing 1 - 4 of 4 images')).toBeVisible()
		await expect(page.getByText('Page 1 of 1 (4 total images)')).toBeVisible()
		const card = (name: string) => page.getByRole('listitem').filter({ hasText: name })
		await expect(card('notes.txt')).toContainText('1.5 KB')
		await expect(card('notes.txt').getByTestId('file-tile')).toContainText('TXT')
		await expect(card('route.pdf').getByTestId('file-tile')).toContainText('PDF')
		await expect(card('broken.png').getByTestId('image-placeholder')).toContainText('Preview unavailable')
		const good = card('good.png').getByRole('img', { name: 'good.png' })
		await expect(good).toBeVisible()
		await expect.poll(() => good.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
	} finally {
		await server.stop()
	}
})

loggedIn('a failed list shows the error state and Try Again recovers', async ({ page }) => {
	await page.goto('/dev/dashboard')
	await waitForHydration(page)
	await page.route('**/api/v1/images/view?*', (route) =>
		route.fulfill({
			status: 500,
			json: { error: { code: 'STORAGE_UNAVAILABLE', message: 'Could not list the images: the storage is not available.' } },
		}),
	)
	await page.getByRole('link', { name: /Image Gallery/ }).click()
	await expect(page).toHaveURL('/dev/dashboard/gallery')
	await expect(page.getByRole('heading', { name: 'Failed to load images' })).toBeVisible()
	await expect(page.getByText('Could not list the images: the storage is not available.')).toBeVisible()
	await expect(toast(page, 'Failed to fetch images: 500 Internal Server Error')).toBeVisible()

	await page.unroute('**/api/v1/images/view?*')
	await page.getByRole('button', { name: 'Try Again' }).click()
	await expect(page.getByRole('heading', { name: 'Failed to load images' })).toBeHidden()
	await expect(page.getByText(/^Showing \d+ - \d+ of \d+ images?$|^No images found$/)).toBeVisible()
})

test('logout clears the session and locks every dashboard page', async ({ page, context }) => {
	await logIn(page)
	await page.goto('/dev/dashboard/upload')
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Logout' }).click()
	await expect(page).toHaveURL('/dev/dashboard')
	await expect(page.getByRole('heading', { name: 'Dashboard Access Required' })).toBeVisible()
	expect(await context.cookies()).toEqual([])
	await page.goto('/dev/dashboard/gallery')
	await expect(page).toHaveURL(/\/dev\/dashboard\?redirectTo=/)
})

test('dashboard pages stay out of the sitemap', async ({ request }) => {
	const sitemap = await (await request.get('/sitemap.xml')).text()
	expect(sitemap).toContain('<urlset')
	expect(sitemap).not.toContain('/dev/')
})

loggedIn('an error in a dashboard page shows the error screen inside the dashboard frame', async ({ page }) => {
	await page.goto('/dev/dashboard')
	for (const path of ['/dev/dashboard/upload', '/dev/dashboard/gallery']) {
		// A plain form post to a page without an action: the page's own boundary answers 405.
		// (The second one is posted from the first one's error screen.)
		const [response] = await Promise.all([
			page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'),
			page.evaluate((action) => {
				const form = document.createElement('form')
				form.method = 'post'
				form.action = action
				document.body.append(form)
				form.submit()
			}, path),
		])
		expect(response.status(), path).toBe(405)
		expect(response.headers()['x-robots-tag'], path).toBe('noindex')
		expect(response.headers()['cache-control'], path).toBe('private, no-store')
		await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
		await expect(page.getByRole('heading', { name: '405 Method Not Allowed' })).toBeVisible()
		// The dashboard layout stays around the error: its header and the Logout button.
		await expect(page.getByRole('link', { name: 'Author Dashboard' })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
	}
})

test('error toasts still showing go away once the dashboard unlocks', async ({ page }) => {
	await logIn(page)
	await page.goto('/dev/dashboard')
	await waitForHydration(page)
	await page.getByRole('textbox', { name: 'API Key' }).fill('   ')
	await page.getByRole('button', { name: 'Save Key' }).click()
	const stale = toast(page, 'Please enter a valid API key')
	await expect(stale).toBeVisible()
	// Stop the toast's own timer: only the unlock may take it away.
	await page.clock.install()
	await page.clock.pauseAt(Date.now() + 1000)
	await page.getByRole('button', { name: 'Logout' }).click()
	await expect(page.getByRole('heading', { name: 'Dashboard Access Required' })).toBeVisible()
	await expect(stale).toBeVisible()
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Password', { exact: true }).press('Enter')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back')
	// Sonner marks a dismissed toast before its exit animation removes it.
	await expect(
		page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: 'Please enter a valid API key' }),
	).toHaveCount(0)
})

test('without JavaScript the password form still logs in, and a wrong password says so', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/dev/dashboard')
	await page.getByLabel('Password', { exact: true }).fill('definitely-wrong')
	await page.getByRole('button', { name: 'Enter Password' }).click()
	await expect(page.getByRole('alert')).toHaveText(DENIED)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByRole('button', { name: 'Enter Password' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back')
	await context.close()
})

loggedIn('the gallery filters by file name and deletes a file after a confirming second step', async ({ page, request }) => {
	const stem = unique('filter')
	const [alpha, beta] = await seed(request, [
		{ name: `${stem}-alpha.png`, type: 'image/png', body: PNG },
		{ name: `${stem}-beta.png`, type: 'image/png', body: PNG },
		{ name: `${stem}-notes.txt`, type: 'text/plain', body: 'notes' },
	])
	await page.goto('/dev/dashboard/gallery')
	await waitForHydration(page)
	const filter = page.getByRole('searchbox', { name: 'Filter by file name' })
	await filter.fill(stem.toUpperCase())
	await filter.press('Enter')
	await expect(page).toHaveURL(new RegExp(`/dev/dashboard/gallery\\?q=${stem.toUpperCase()}$`))
	await expect(page.getByText(new RegExp(`^Showing 1 - 3 of 3 images matching “${stem.toUpperCase()}”$`))).toBeVisible()
	const cards = page
		.getByRole('main')
		.getByRole('listitem')
		.filter({ has: page.getByRole('link', { name: /^View / }) })
	await expect(cards).toHaveCount(3)

	await filter.fill(`${stem} beta`)
	await filter.press('Enter')
	await expect(cards).toHaveCount(1)
	const card = cards.first()
	await card.getByRole('button', { name: `Delete ${stem}-beta.png` }).click()
	const confirm = card.getByRole('group', { name: `Delete ${stem}-beta.png?` })
	await expect(confirm).toContainText('for good')
	await expect(confirm.getByRole('button', { name: 'Yes, delete' })).toBeFocused()
	await confirm.getByRole('button', { name: 'Cancel' }).click()
	await expect(confirm).toHaveCount(0)
	await expect(cards).toHaveCount(1)

	await card.getByRole('button', { name: `Delete ${stem}-beta.png` }).click()
	await card.getByRole('button', { name: 'Yes, delete' }).click()
	await expect(toast(page, `Deleted ${stem}-beta.png`)).toBeVisible()
	await expect(page.getByRole('heading', { name: 'No file matches' })).toBeVisible()
	expect((await request.get(`/uploads/${beta}`)).status()).toBe(404)
	expect((await request.get(`/uploads/${alpha}`)).status()).toBe(200)
	await page.getByRole('link', { name: 'Show every file' }).click()
	await expect(page).toHaveURL('/dev/dashboard/gallery')
})

test('DELETE on the image API needs a key or the session: 401 without, 200 once, then 404', async ({ request, playwright, baseURL }) => {
	const [key] = await seed(request, [{ name: `${unique('api-delete')}.png`, type: 'image/png', body: PNG }])
	const anonymous = await playwright.request.newContext({ baseURL })
	expect((await anonymous.delete(`/api/v1/images/files/${key}`)).status()).toBe(401)
	await anonymous.dispose()
	const auth = { headers: { authorization: `Bearer ${API_KEY}` } }
	const gone = await request.delete(`/api/v1/images/files/${key}`, auth)
	expect(gone.status()).toBe(200)
	expect(await gone.json()).toEqual({ deleted: key })
	expect((await request.delete(`/api/v1/images/files/${key}`, auth)).status()).toBe(404)
	expect((await request.get(`/uploads/${key}`)).status()).toBe(404)
})
