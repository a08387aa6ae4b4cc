import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// "Something wrong on this page?" and the dashboard's Reports page, against the production build.
// The shared server takes many reports from one address (playwright.config.ts raises its limits);
// the limits themselves are shown on a server instance of their own.

const GUIDE = '/setup/client-setup'
const QUEST = '/quests/while-guthix-sleeps'
const PASSWORD = 'e2e-dashboard-password'
const unique = (stem: string) => `${stem} ${randomBytes(4).toString('hex')}`

async function logIn(page: Page, base = '', password = PASSWORD) {
	const response = await page.request.post(`${base}/dev/dashboard?index`, { form: { intent: 'login', password } })
	expect(response.ok()).toBe(true)
}

function post(request: APIRequestContext, url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
	return request.post(url, { form, headers, maxRedirects: 0 })
}

/** The report form's own code, loaded when a reader opens it. */
const FORM_CODE = /\/assets\/report-(body|form)-/

/** The URLs of the form's code the page requests from now on. */
function watchFormCode(page: Page): string[] {
	const urls: string[] = []
	page.on('request', (r) => {
		if (FORM_CODE.test(r.url())) urls.push(r.url())
	})
	return urls
}

async function fillReport(page: Page, reason: string, message: string) {
	const report = page.locator('details[data-page-report]')
	await report.locator('summary').click()
	await report.getByRole('radio', { name: reason }).check()
	await report.getByRole('textbox', { name: /Details/ }).fill(message)
	await report.getByRole('button', { name: 'Send report' }).click()
}

// The shared server opens its embedded database on the first report (PGlite's initdb: ~6 s idle,
// far more on a busy machine): open it here, so each test's timeouts measure the form instead.
test.beforeAll(async ({ request }) => {
	test.setTimeout(120_000)
	const answer = await post(request, '/feedback', { page: GUIDE, reason: 'other', message: 'Sent by the tests to open the database.' })
	expect(answer.status()).toBe(303)
})

test('the report form is in the static page, closed; its code loads when opened, keeping what was typed', async ({
	page,
	request,
	consoleErrors,
}) => {
	const html = await (await request.get(GUIDE)).text()
	expect(html).toContain('data-report-form')
	expect(html).toContain('<form class="space-y-4" data-report-form="" action="/feedback" method="post">')
	expect(html).toContain(`<input type="hidden" name="page" value="${GUIDE}"/>`)

	const formCode = watchFormCode(page)
	// The form's code is held back until the reader has typed, as on a slow connection.
	let release = () => {}
	const held = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(FORM_CODE, async (route) => {
		await held
		await route.continue()
	})
	await page.goto(GUIDE)
	await waitForHydration(page)
	const report = page.locator('details[data-page-report]')
	await expect(report).not.toHaveAttribute('open')
	await expect(report.getByRole('button', { name: 'Send report' })).toBeHidden()
	await page.waitForTimeout(300)
	expect(formCode).toEqual([])

	await report.locator('summary').click()
	await report.getByRole('radio', { name: 'Unclear' }).check()
	const message = unique('Typed before the form code arrived.')
	await report.getByRole('textbox', { name: /Details/ }).fill(message)
	await expect.poll(() => formCode.length).toBeGreaterThan(0)
	const arrived = page.waitForResponse(/\/assets\/report-form-/)
	release()
	await arrived
	await expect(report.getByRole('textbox', { name: /Details/ })).toHaveValue(message)
	await expect(report.getByRole('radio', { name: 'Unclear' })).toBeChecked()
	// Sent in place, so the code did take over the server's form.
	await report.getByRole('button', { name: 'Send report' }).click()
	await expect(page.locator('[data-report-sent]')).toBeVisible()
	await expect(page).toHaveURL(GUIDE)
	expect(consoleErrors).toEqual([])
})

test('pages that re-render as they hydrate (the catalogue reads its query, the planner its player) leave the form code unloaded', async ({
	page,
}) => {
	const formCode = watchFormCode(page)
	for (const path of ['/quests?q=dragon', '/tools/plan?player=Zezima_Jr', QUEST]) {
		await page.goto(path)
		await waitForHydration(page)
		await page.waitForLoadState('networkidle')
		expect(formCode, path).toEqual([])
	}
})

test('navigating (to a page, to a section) loads no form code until the reader opens it; each page its own report', async ({ page }) => {
	const formCode = watchFormCode(page)
	await page.goto(GUIDE)
	await waitForHydration(page)
	// A link to a section changes the location: the closed form stays as it is.
	await page.locator('main h2 a.heading-anchor').first().click()
	await expect(page).toHaveURL(new RegExp(`${GUIDE}#`))
	await page
		.locator('main')
		.getByRole('link', { name: /Interface setup/ })
		.first()
		.click()
	await expect(page).toHaveURL('/setup/interface-setup')
	await expect(page.locator('main h1')).toHaveText(/Interface/)
	await page.waitForLoadState('networkidle')
	expect(formCode).toEqual([])
	const report = page.locator('details[data-page-report]')
	await expect(report).not.toHaveAttribute('open')

	await fillReport(page, 'Unclear', unique('Reported after navigating.'))
	await expect(page.locator('[data-report-sent]')).toBeVisible()
	await expect(page).toHaveURL('/setup/interface-setup')
	// Back on the first page, its report is closed and empty, not the thanks of the other.
	await page.goBack()
	await expect(page).toHaveURL(new RegExp(`${GUIDE}#`))
	await expect(report).not.toHaveAttribute('open')
	await report.locator('summary').click()
	await expect(report.getByRole('textbox', { name: /Details/ })).toHaveValue('')
	await expect(report.locator('input[name="page"]')).toHaveValue(GUIDE)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a report is sent by a plain POST and answered with a thanks page linking back', async ({ page }) => {
		const message = unique('No-JS report: the cache step is outdated.')
		await page.goto(GUIDE)
		await fillReport(page, 'Outdated', message)
		await expect(page).toHaveURL(`/feedback?sent=${encodeURIComponent(GUIDE)}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you')
		await expect(page.locator('[data-report-sent]')).toContainText(GUIDE)
		await expect(page.locator('[data-report-back]')).toHaveAttribute('href', GUIDE)

		await logIn(page)
		await page.goto(`/dev/dashboard/reports?page=${encodeURIComponent(GUIDE)}`)
		const card = page.locator('[data-report-id]').filter({ hasText: message })
		await expect(card).toContainText('Outdated')
		await expect(card.getByRole('link', { name: GUIDE })).toHaveAttribute('href', GUIDE)
	})

	test('a refused report says why on the answer page, with the form filled in again', async ({ page }) => {
		// Only the browser's own checks stop these in the form; a script can still send them.
		const answer = await post(page.request, '/feedback', { page: GUIDE, reason: 'bogus', message: 'Keep me' })
		expect(answer.status()).toBe(400)
		await page.setContent(await answer.text())
		await expect(page.locator('[data-report-error]')).toHaveText('Choose what is wrong: outdated, incorrect, unclear or other.')
		await expect(page.getByRole('textbox', { name: /Details/ })).toHaveValue('Keep me')
	})
})

test('with JavaScript the report is sent in place and thanked there', async ({ page, consoleErrors }) => {
	await page.goto(QUEST)
	await waitForHydration(page)
	const message = unique('JS report: the quest point total is off.')
	await fillReport(page, 'Incorrect', message)
	await expect(page.locator('[data-report-sent]')).toHaveText('Thank you. Your report reached the authors, who will check the page.')
	await expect(page).toHaveURL(QUEST)
	expect(consoleErrors).toEqual([])

	await logIn(page)
	await page.goto(`/dev/dashboard/reports?page=${encodeURIComponent(QUEST)}&reason=incorrect`)
	await expect(page.locator('[data-report-id]').filter({ hasText: message })).toHaveCount(1)
})

test('bad input gets a 400 naming the problem, never a 500; reports never show on public pages', async ({ request }) => {
	const cases: Array<[Record<string, string>, string]> = [
		[{ reason: 'outdated' }, 'The page the report is about is missing.'],
		[{ page: '/guides/not-a-page', reason: 'outdated' }, 'The page must be a page of this site'],
		[{ page: 'https://evil.example/', reason: 'outdated' }, 'The page must be a page of this site'],
		[{ page: GUIDE, reason: 'outdated', message: 'x'.repeat(1001) }, 'Keep the description to 1,000 characters or fewer.'],
	]
	for (const [form, error] of cases) {
		const answer = await post(request, '/feedback', form)
		expect(answer.status(), JSON.stringify(form).slice(0, 80)).toBe(400)
		expect(await answer.text()).toContain(error)
	}
	const notAForm = await request.post('/feedback', { data: { page: GUIDE }, maxRedirects: 0 })
	expect(notAForm.status()).toBe(400)
	// Another site's page posting through a reader's browser: a foreign Origin is refused before the
	// action runs (403, server/request-guards.ts); a browser that says cross-site without an Origin too.
	const foreign = await post(request, '/feedback', { page: GUIDE, reason: 'other' }, { origin: 'https://evil.example' })
	expect(foreign.status()).toBe(403)
	const crossSite = await post(request, '/feedback', { page: GUIDE, reason: 'other' }, { 'sec-fetch-site': 'cross-site' })
	expect(crossSite.status()).toBe(403)
	expect(await crossSite.text()).toContain('Reports are accepted from this site&#x27;s own pages only.')

	const secret = unique('never-public')
	expect((await post(request, '/feedback', { page: GUIDE, reason: 'other', message: secret })).status()).toBe(303)
	for (const path of [GUIDE, `/feedback?sent=${encodeURIComponent(GUIDE)}`, '/sitemap.xml']) {
		expect(await (await request.get(path)).text()).not.toContain(secret)
	}
})

test('the Reports page: locked without a session; filter by page and reason, mark resolved, show resolved, reopen, pages', async ({
	page,
	request,
}) => {
	await page.goto('/dev/dashboard/reports')
	await expect(page).toHaveURL(/\/dev\/dashboard\?redirectTo=%2Fdev%2Fdashboard%2Freports$/)

	// /tools gets reports from this test only.
	const tag = unique('tools')
	for (let i = 1; i <= 22; i++) {
		const reason = i === 22 ? 'unclear' : 'outdated'
		expect((await post(request, '/feedback', { page: '/tools', reason, message: `${tag} #${i}` })).status()).toBe(303)
	}
	await logIn(page)
	await page.goto('/dev/dashboard')
	await page.getByRole('link', { name: /Reports/ }).click()
	await expect(page).toHaveURL('/dev/dashboard/reports')

	await page.getByLabel('Page', { exact: true }).selectOption('/tools')
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL('/dev/dashboard/reports?page=%2Ftools&reason=&status=open')
	const cards = page.locator('[data-report-id]')
	await expect(cards).toHaveCount(20)
	await expect(cards.first()).toContainText(`${tag} #22`) // newest first
	await expect(page.getByText('22 open reports from readers matching the filters.')).toBeVisible()
	await page.getByRole('navigation', { name: 'Report pages' }).getByRole('link', { name: '2' }).click()
	await expect(cards).toHaveCount(2)
	await expect(cards.last()).toContainText(`${tag} #1`)

	await page.goto('/dev/dashboard/reports?page=%2Ftools&reason=unclear')
	await expect(cards).toHaveCount(1)
	const unclear = cards.filter({ hasText: `${tag} #22` })
	await unclear.getByRole('button', { name: 'Mark resolved' }).click()
	await expect(page.locator('[data-reports-empty]')).toBeVisible()
	await expect(page).toHaveURL('/dev/dashboard/reports?page=%2Ftools&reason=unclear')

	await page.getByLabel('Status').selectOption('resolved')
	await page.getByRole('button', { name: 'Filter' }).click()
	const resolved = cards.filter({ hasText: `${tag} #22` })
	await expect(resolved).toContainText('Resolved')
	await resolved.getByRole('button', { name: 'Reopen' }).click()
	await expect(page.locator('[data-reports-empty]')).toBeVisible()
	await page.goto('/dev/dashboard/reports?page=%2Ftools&reason=unclear')
	await expect(cards.filter({ hasText: `${tag} #22` })).toHaveCount(1)

	const bad = await page.request.post('/dev/dashboard/reports', { form: { intent: 'resolve', id: 'x' }, maxRedirects: 0 })
	expect(bad.status()).toBe(400)
	const missing = await page.request.post('/dev/dashboard/reports', { form: { intent: 'resolve', id: '99999999' }, maxRedirects: 0 })
	expect(missing.status()).toBe(404)
	const anonymous = await request.post('/dev/dashboard/reports', { form: { intent: 'resolve', id: '1' }, maxRedirects: 0 })
	expect(anonymous.status()).toBe(303)
})

test.describe('limits', () => {
	let server: ServerInstance
	test.beforeAll(async () => {
		// A new server creates its embedded database first: slow on a busy machine.
		test.setTimeout(120_000)
		server = await startServerInstance({ FEEDBACK_LIMIT_PER_HOUR: '2', FEEDBACK_GLOBAL_LIMIT_PER_HOUR: '3', TRUST_PROXY: 'loopback' })
	})
	test.afterAll(async () => server?.stop())

	test('per client and site-wide: a 429 with Retry-After and a clear message, in the page and in place', async ({ page }) => {
		// The first report opens the new server's embedded database (PGlite's initdb): ~6 s idle,
		// far more on a busy machine.
		test.setTimeout(120_000)
		const send = (client: string, via?: string) =>
			post(
				page.request,
				`${server.baseURL}/feedback`,
				{ page: GUIDE, reason: 'unclear', ...(via ? { via } : {}) },
				{ 'x-forwarded-for': client },
			)
		expect((await send('198.51.100.1')).status()).toBe(303)
		expect((await send('198.51.100.1')).status()).toBe(303)
		const mine = await send('198.51.100.1')
		expect(mine.status()).toBe(429)
		expect(Number(mine.headers()['retry-after'])).toBeGreaterThan(3500)
		expect(await mine.text()).toContain(
			'You have sent 2 reports in the last hour, which is as many as we take from one reader. Try again in 60 minutes.',
		)

		expect((await send('198.51.100.2')).status()).toBe(303)
		const everyone = await send('198.51.100.3')
		expect(everyone.status()).toBe(429)
		expect(await everyone.text()).toContain('We are receiving more reports than usual right now.')

		// In the page, with JavaScript: the refusal shows in the form, the words kept.
		await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.4' })
		await page.goto(`${server.baseURL}${GUIDE}`)
		await waitForHydration(page)
		await fillReport(page, 'Unclear', 'One too many')
		await expect(page.locator('[data-report-error]')).toContainText('We are receiving more reports than usual right now.')
		await expect(page.getByRole('textbox', { name: /Details/ })).toHaveValue('One too many')
	})
})
