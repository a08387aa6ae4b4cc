import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { FAKE_PLAYERS, type FakeUpstream } from '../fixtures/fake-upstream.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { startClockedInstance, type ServerInstance } from './server-instance.ts'

// The competitions pages (issue 43) against the production build: a server of its own with the
// fake upstream and the test clock, so a participant can gain between two updates. Without
// JavaScript unless a test says otherwise: the forms must work as plain HTML.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ javaScriptEnabled: false })

const DAY = 86_400_000
const GWEN = FAKE_PLAYERS.growing
const PAT = FAKE_PLAYERS.private

let fake: FakeUpstream
let server: ServerInstance
test.beforeAll(async () => {
	test.setTimeout(180_000)
	;({ server, fake } = await startClockedInstance({ DATABASE_URL: '', TRUST_PROXY: 'loopback' }))
})
test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
})

const url = (path: string) => `${server.baseURL}${path}`
/** A datetime-local value (UTC) `ms` from now. */
const localUtc = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16)

/** A competition made through the API (a client address of its own: the creation limit is per client). */
let client = 0
async function createByApi(page: Page, body: Record<string, unknown>): Promise<{ id: number; code: string }> {
	const answer = await page.request.post(url('/api/v1/competitions'), {
		data: { metrics: [{ metric: 'overall' }], participants: ['Zezima'], ...body },
		headers: { 'x-forwarded-for': `198.51.100.${++client}` },
	})
	expect(answer.status()).toBe(201)
	const json = (await answer.json()) as { competition: { id: number }; code: string }
	return { id: json.competition.id, code: json.code }
}

/** Reloads until `check` passes: the update round runs in the background. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
	await expect(async () => {
		await page.reload()
		await check()
	}).toPass({ timeout: 60_000, intervals: [250, 500, 1000] })
}

test('without JavaScript: create a competition, see its code once, update it, read the standings and download the CSV', async ({
	page,
}) => {
	const title = `Attack race ${Date.now()}`
	await page.goto(url('/competitions'))
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Start (UTC)').fill(localUtc(-3_600_000))
	await page.getByLabel('End (UTC)').fill(localUtc(7 * DAY))
	await page.getByLabel('Metrics, one a line').fill('attack\nkills*10')
	await page.getByLabel('Player names, one a line').fill(`${GWEN}\n${PAT}`)
	const [answer] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST'),
		page.getByRole('button', { name: 'Create the competition' }).click(),
	])
	// Post/Redirect/Get: the code is never in the address.
	expect(answer.status()).toBe(303)
	await expect(page).toHaveURL(/\/competitions\/\d+$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
	const code = (await page.locator('[data-competition-code]').textContent())!
	expect(code).toMatch(/^[\w-]{22}$/)
	const id = Number(new URL(page.url()).pathname.split('/').pop())

	// Never tracked yet: "no data", not 0, and never updated.
	const gwen = page.locator(`[data-participant="growing gwen"]`)
	const pat = page.locator(`[data-participant="private pat"]`)
	await expect(gwen.locator('[data-score]')).toHaveText('no data')
	await expect(gwen.locator('[data-last-updated]')).toHaveText('never')
	await expect(page.locator('[data-time-left]')).toHaveText(/^Ends in 6 days 2[23] h \d+ min \d+ s$/)

	// Reloading shows the code no more and creates nothing.
	await page.reload()
	await expect(page.locator('[data-competition-code]')).toHaveCount(0)
	const listed = await page.request.get(url(`/api/v1/competitions?status=ongoing`))
	expect(((await listed.json()) as { competitions: { title: string }[] }).competitions.filter((c) => c.title === title)).toHaveLength(1)

	// A wrong code is refused at the form; the right one queues the round.
	await page.getByLabel('Verification code').fill('not-the-code')
	await page.getByRole('button', { name: 'Update now' }).click()
	await expect(page.locator('[data-update-error]')).toHaveText('That is not this competition’s verification code.')
	await page.getByLabel('Verification code').fill(code)
	await page.getByRole('button', { name: 'Update now' }).click()
	// Queued, or skipped while the start round (this server runs them) holds them: each fetched once either way.
	await expect(page.locator('[data-updating]')).toHaveText(
		/^(Updating 2 participants now.*|Updating 1 participant now.* 1 participant skipped: .*|Nothing to update now\. 2 participants skipped: updated in the last 10 minutes, or being updated already\.)$/,
	)
	await reloadUntil(page, async () => {
		await expect(gwen.locator('[data-last-updated]')).not.toHaveText('never')
		await expect(pat.locator('[data-last-updated]')).not.toHaveText('never')
	})
	// A private profile's log cannot be seen: its kills are "no data", its XP counts.
	await expect(pat.locator('[data-part="kills"]')).toHaveText('no data')
	await expect(pat.locator('[data-part="attack"]')).toHaveText('0')
	// A second round within 10 minutes is refused with the reason.
	await page.getByLabel('Verification code').fill(code)
	const [refused] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST'),
		page.getByRole('button', { name: 'Update now' }).click(),
	])
	expect(refused.status()).toBe(429)
	await expect(page.locator('[data-update-error]')).toContainText('updated recently')

	// Gwen plays for a day and is updated: her gain is scored and charted.
	expect((await page.request.post(url(`/api/test/clock?advanceMs=${DAY}`))).status()).toBe(200)
	expect((await page.request.post(url(`/api/v1/players/${encodeURIComponent(GWEN)}/update`))).status()).toBe(202)
	await reloadUntil(page, () => expect(gwen.locator('[data-part="attack"]')).toHaveText('12,345'))
	await expect(gwen.locator('[data-score]')).toHaveText('12,345')
	await expect(gwen.locator('td').first()).toHaveText('1')
	await expect(page.locator('[data-progress-table] tbody tr').first()).toContainText(`${GWEN}12,345`)

	const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-standings-csv]').click()])
	expect(download.suggestedFilename()).toBe(`competition-${id}-standings.csv`)
	const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n')
	expect(lines[0]).toBe('rank,name,score,attack,attack points,kills,kills points,last updated')
	expect(lines[1]).toMatch(/^1,Growing Gwen,12345,12345,12345,0,0,\d{4}-/)
	// Pat's kills: an empty cell (no data), not 0.
	expect(lines[2]).toMatch(/^2,Private Pat,0,0,0,,,\d{4}-/)
})

test('without JavaScript, each error shows under its field, with the form as filled in', async ({ page }) => {
	await page.goto(url('/competitions'))
	await page.getByLabel('Title').fill('Broken')
	await page.getByLabel('Start (UTC)').fill('2026-12-08T18:00')
	await page.getByLabel('End (UTC)').fill('2026-12-01T18:00')
	await page.getByLabel('Metrics, one a line').fill('magic\nkills:vorago*0')
	await page.getByLabel('Player names, one a line').fill('Zezima\nbad$name')
	const [answer] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST'),
		page.getByRole('button', { name: 'Create the competition' }).click(),
	])
	expect(answer.status()).toBe(400)
	await expect(page.locator('[data-field-error="endsAt"]')).toHaveText('The end must be after the start.')
	await expect(page.locator('[data-field-error="metrics"]')).toHaveText('“kills:vorago”: A weight must be above 0.')
	await expect(page.locator('[data-field-error="participants"]')).toContainText('“bad$name”: RuneScape names use only')
	await expect(page.locator('[data-field-error="title"]')).toHaveCount(0)
	const metrics = page.getByLabel('Metrics, one a line')
	await expect(metrics).toHaveValue('magic\nkills:vorago*0')
	await expect(metrics).toHaveAttribute('aria-invalid', 'true')
	await expect(metrics).toHaveAccessibleDescription('“kills:vorago”: A weight must be above 0.')
})

test('the list by status with search and pages; an unknown competition is a 404; a group page lists its competitions', async ({ page }) => {
	const tag = `S${Date.now()}`
	const hour = 3_600_000
	const iso = (ms: number) => new Date(Date.now() + ms).toISOString()
	const upcoming = await createByApi(page, { title: `${tag} upcoming`, startsAt: iso(DAY * 30), endsAt: iso(DAY * 31) })
	for (let i = 0; i < 21; i++)
		await createByApi(page, { title: `${tag} ongoing ${i}`, startsAt: iso(-hour), endsAt: iso(DAY * 40 + i * hour) })

	await page.goto(url('/competitions'))
	await page.getByRole('textbox', { name: 'Search competitions' }).fill(tag)
	await page.getByRole('textbox', { name: 'Search competitions' }).press('Enter')
	const tabs = page.getByRole('navigation', { name: 'Competitions by status' })
	await expect(tabs.getByRole('link', { name: 'Ongoing (21)' })).toHaveAttribute('aria-current', 'page')
	await expect(tabs.getByRole('link', { name: 'Finished (0)' })).toBeVisible()
	const list = page.locator('[data-competitions-list] li')
	await expect(list).toHaveCount(20)
	// Latest to end first; the 21st on page 2.
	await expect(list.first()).toContainText(`${tag} ongoing 20`)
	await page.getByRole('navigation', { name: 'Competition pages' }).getByRole('link', { name: 'Next page' }).click()
	await expect(list).toHaveCount(1)
	await expect(list.first()).toContainText(`${tag} ongoing 0`)
	await tabs.getByRole('link', { name: 'Upcoming (1)' }).click()
	await expect(list).toHaveCount(1)
	await list.getByRole('link', { name: `${tag} upcoming` }).click()
	await expect(page).toHaveURL(url(`/competitions/${upcoming.id}`))
	await expect(page.locator('[data-time-left]')).toHaveText(/^Starts in 2\d days/)
	await page.goto(url(`/competitions?q=${tag}%20nothing`))
	await expect(page.getByText(`No ongoing competition matches “${tag} nothing”.`)).toBeVisible()

	expect((await page.request.get(url('/competitions/999999'))).status()).toBe(404)
	expect((await page.request.get(url('/competitions/abc'))).status()).toBe(404)

	const group = await page.request.post(url('/api/v1/groups'), {
		data: { name: `${tag} clan`, members: ['Zezima', 'Anna'] },
		headers: { 'x-forwarded-for': '198.51.100.200' },
	})
	expect(group.status()).toBe(201)
	const groupId = ((await group.json()) as { group: { id: number } }).group.id
	await page.goto(url(`/groups/${groupId}`))
	await expect(page.getByText('None yet')).toBeVisible()
	// A group's competition from the form, with one of its members chosen.
	await page.goto(url('/competitions'))
	await page.getByLabel('Title').fill(`${tag} of the clan`)
	await page.getByLabel('Start (UTC)').fill(localUtc(-hour))
	await page.getByLabel('End (UTC)').fill(localUtc(3 * DAY))
	await page.getByLabel('Player names, one a line').fill('Anna')
	await page.getByLabel(/A group’s members/).check()
	await page.getByLabel('Group number (in its page’s address)').fill(String(groupId))
	await page.getByRole('button', { name: 'Create the competition' }).click()
	await expect(page.locator('[data-participant]')).toHaveCount(1)
	await page.goto(url(`/groups/${groupId}`))
	await expect(page.locator('[data-group-competitions]')).toContainText(`${tag} of the clan`)
	await page.locator('[data-group-competitions]').getByRole('link').click()
	await expect(page.locator('[data-participant]')).toHaveText(/^—Anna/)
})

test.describe('with JavaScript', () => {
	test.use({ javaScriptEnabled: true })

	test('the form creates a competition with teams and shows its code; the team standings and the chart draw; axe finds nothing', async ({
		page,
		consoleErrors,
	}) => {
		const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
		await page.addInitScript(axe)
		const violations = () =>
			page.evaluate(async () => {
				type Axe = {
					run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>
				}
				const result = await (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'] })
				return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
			})
		await page.goto(url('/competitions'))
		await waitForHydration(page)
		expect(await violations()).toEqual([])

		// Gwen is tracked (a lookup) before the competition is read: the standings are shared for a minute.
		expect((await page.request.get(url(`/api/v1/player-data?username=${encodeURIComponent(GWEN)}`))).status()).toBe(200)
		await expect(async () =>
			expect((await page.request.get(url(`/api/v1/players/${encodeURIComponent(GWEN)}`))).status()).toBe(200),
		).toPass()

		const title = `Team race ${Date.now()}`
		await page.getByLabel('Title').fill(title)
		await page.getByLabel('Start (UTC)').fill(localUtc(-3_600_000))
		await page.getByLabel('Metrics, one a line').fill('overall')
		await page.getByLabel('Teams (optional), one a line').fill(`Red: ${GWEN}\nBlue: Zezima`)
		await page.getByRole('button', { name: 'Create the competition' }).click()
		await expect(page.locator('[data-competition-code]')).toHaveText(/^[\w-]{22}$/)
		await page.reload()
		await waitForHydration(page)
		await expect(page.locator('[data-competition-code]')).toHaveCount(0)
		await expect(page.locator('[data-team-standings] tbody tr')).toHaveCount(2)
		await expect(page.getByRole('heading', { level: 3, name: 'Red' })).toBeVisible()

		// Gwen has a snapshot since the start: the chart has someone to draw.
		await expect(page.locator('[data-progress-chart]')).toHaveAttribute('data-drawn', 'true')
		// The countdown runs once hydrated.
		const before = await page.locator('[data-time-left]').textContent()
		await expect(page.locator('[data-time-left]')).not.toHaveText(before!)
		expect(await violations()).toEqual([])
		expect(consoleErrors).toEqual([])
	})
})
