import { FAKE_CLAN } from '../fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'

// The groups pages (issue 42) without JavaScript: the form creates a group from the fake upstream's
// clan, shows its code once, and the group's page lists the members with their ranks.

test.use({ javaScriptEnabled: false })

test('without JavaScript, /groups creates a group from a clan and its page shows members with rank', async ({ page }) => {
	test.setTimeout(90_000)
	const name = `No-JS Testers ${Date.now()}`
	await page.goto('/groups')
	await page.getByLabel('Name', { exact: true }).fill(name)
	await page.getByLabel('Clan name').fill(FAKE_CLAN)
	await page.getByLabel('Weekday').selectOption('monday')
	await page.getByLabel('Time (UTC)').fill('18:00')
	await page.getByRole('button', { name: 'Create the group' }).click()

	const created = page.locator('[data-group-created]')
	await expect(created).toContainText(`Created ${name} with 13 members`)
	await expect(page.locator('[data-group-code]')).toHaveText(/^[\w-]{22}$/)
	// Post/Redirect/Get: the answer is a page of its own, with the code nowhere in its URL;
	// reloading it makes no second group and shows the code no more.
	const code = await page.locator('[data-group-code]').textContent()
	expect(page.url()).toMatch(/\/groups\?created=\d+$/)
	expect(page.url()).not.toContain(code!)
	await page.reload()
	await expect(page.locator('[data-group-code]')).toHaveCount(0)
	await expect(page.locator('[data-group-created]')).toHaveCount(0)
	await page.goto(`/groups?q=${encodeURIComponent(name)}`)
	await expect(page.locator('[data-groups-list] li')).toHaveCount(1)
	await expect(page.locator('[data-group-code]')).toHaveCount(0)
	await page.locator('[data-groups-list]').getByRole('link', { name }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
	const rows = page.locator('[data-group-members] tbody tr')
	await expect(rows).toHaveCount(13)
	await expect(rows.first()).toContainText('Zezima Jr')
	await expect(rows.first()).toContainText('Owner')
	// A member nobody has looked up shows the clan list's XP and no total level (other tests may
	// have looked Zezima Jr up by now).
	await expect(rows.nth(1)).toContainText('Deputy Dee')
	await expect(rows.nth(1)).toContainText('1,876,543,210')
	await expect(rows.nth(1).locator('td').nth(2)).toHaveText('—')

	// Once a member is looked up, the tracker's snapshot gives their total level and XP.
	expect((await page.request.get('/api/v1/player-data?username=Zezima%20Jr')).status()).toBe(200)
	let latest: { totalLevel: number; totalXp: number } | undefined
	await expect(async () => {
		const history = await page.request.get('/api/v1/players/Zezima%20Jr')
		expect(history.status()).toBe(200)
		latest = ((await history.json()) as { latest: { totalLevel: number; totalXp: number } }).latest
	}).toPass()
	await page.reload()
	await expect(rows.first().locator('td').nth(2)).toHaveText(String(latest!.totalLevel))
	await expect(rows.first().locator('td').nth(3)).toHaveText(latest!.totalXp.toLocaleString('en-GB'))
	await expect(page.locator('[data-caps-grid] tbody tr')).toHaveCount(13)
	await expect(page.locator('[data-caps-grid] thead th')).toHaveCount(11)
})

test("without JavaScript, the group page's gains take a period or a range and sort by any skill; a bad parameter is named", async ({
	page,
}) => {
	const made = await page.request.post('/api/v1/groups', { data: { name: `Gains ${Date.now()}`, members: ['Anna', 'Bob'] } })
	expect(made.status()).toBe(201)
	const { group } = (await made.json()) as { group: { id: number } }
	await page.goto(`/groups/${group.id}`)
	const table = page.locator('[data-group-gains]')
	await expect(table.locator('tbody tr')).toHaveCount(2)
	await expect(table.locator('thead th')).toHaveText(['Member', 'Overall XP'])
	await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText('—')

	const form = page.locator('[data-gains-form]')
	await form.getByLabel('Period').selectOption('month')
	await form.getByLabel('Sort by').selectOption('cooking')
	await form.getByRole('button', { name: 'Show' }).click()
	await expect(page).toHaveURL(/period=month/)
	await expect(page).toHaveURL(/sort=cooking/)
	await expect(table.locator('thead th')).toHaveText(['Member', 'Cooking XP', 'Overall XP'])
	await expect(form.getByLabel('Sort by')).toHaveValue('cooking')

	await form.getByLabel('Period').selectOption('')
	await form.getByLabel('From', { exact: true }).fill('2026-01-01')
	await form.getByLabel('To', { exact: true }).fill('2026-01-31')
	await form.getByRole('button', { name: 'Show' }).click()
	await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/)
	await expect(page.locator('[data-group-gains]')).toBeVisible()
	await expect(page.getByText('XP gained from 2026-01-01 to 2026-01-31')).toBeVisible()

	const bad = await page.goto(`/groups/${group.id}?sort=sailing`)
	expect(bad?.status()).toBe(400)
	await expect(page.locator('[data-gains-error]')).toContainText('sort must be overall or a skill name')
})

test('without JavaScript, a group of 70 pages its members, caps and gains 50 a page; the gains sort over all of them; a bad page is named', async ({
	page,
}) => {
	test.setTimeout(90_000)
	// 69 names nobody has looked up (the fake upstream has no profile for them), then Zezima Jr:
	// last by name, so on the members' second page, but the only one with gains to sort.
	const names = [...Array.from({ length: 69 }, (_, i) => `Pager ${String(i + 1).padStart(3, '0')}`), 'Zezima Jr']
	const made = await page.request.post('/api/v1/groups', {
		data: { name: `Pages ${Date.now()}`, members: names, citadelReset: { weekday: 'monday', time: '18:00' } },
	})
	expect(made.status()).toBe(201)
	const { group } = (await made.json()) as { group: { id: number } }
	expect((await page.request.get('/api/v1/player-data?username=Zezima%20Jr')).status()).toBe(200)
	await expect(async () => expect((await page.request.get('/api/v1/players/Zezima%20Jr')).status()).toBe(200)).toPass()

	await page.goto(`/groups/${group.id}`)
	const members = page.locator('[data-group-members] tbody tr')
	const gains = page.locator('[data-group-gains] tbody tr')
	const caps = page.locator('[data-caps-grid] tbody tr')
	const showing = page.locator('[data-showing]')
	await expect(members).toHaveCount(50)
	await expect(members.first()).toContainText('Pager 001')
	await expect(caps).toHaveCount(50)
	await expect(gains).toHaveCount(50)
	await expect(gains.first()).toContainText('Zezima Jr')
	await expect(showing).toHaveText([
		'Showing 1–50 of 70 members (page 1 of 2).',
		'Showing 1–50 of 70 members (page 1 of 2).',
		'Showing 1–50 of 70 members (page 1 of 2).',
	])

	// The members' next page: plain links that keep the period and the sort; the caps grid follows them.
	await page.getByRole('navigation', { name: 'Member pages' }).getByRole('link', { name: 'Next page' }).click()
	await expect(page).toHaveURL(/\?period=week&sort=overall&page=2#members$/)
	await expect(members).toHaveCount(20)
	await expect(members.last()).toContainText('Zezima Jr')
	await expect(caps).toHaveCount(20)
	await expect(caps.first()).toContainText('Pager 051')
	await expect(showing.first()).toHaveText('Showing 51–70 of 70 members (page 2 of 2).')
	await expect(gains.first()).toContainText('Zezima Jr')

	await page.getByRole('navigation', { name: 'Gains pages' }).getByRole('link', { name: 'Page 2' }).click()
	await expect(page).toHaveURL(/\?period=week&sort=overall&page=2&gainsPage=2#gains$/)
	await expect(gains).toHaveCount(20)
	await expect(gains.first()).toContainText('Pager 050')
	await expect(members).toHaveCount(20)

	// A new period or sort from the form keeps the members' page and starts the gains over.
	const form = page.locator('[data-gains-form]')
	await form.getByLabel('Period').selectOption('month')
	await form.getByLabel('Sort by').selectOption('cooking')
	await form.getByRole('button', { name: 'Show' }).click()
	await expect(page).toHaveURL(/period=month/)
	expect(new URL(page.url()).searchParams.get('page')).toBe('2')
	expect(new URL(page.url()).searchParams.get('gainsPage')).toBeNull()
	await expect(gains).toHaveCount(50)
	await expect(gains.first()).toContainText('Zezima Jr')
	await expect(members).toHaveCount(20)

	// Past the last page: the last. Not a page number: a 400 that names it, and the first page.
	expect((await page.goto(`/groups/${group.id}?page=7&gainsPage=99`))?.status()).toBe(200)
	await expect(showing).toHaveText(Array(3).fill('Showing 51–70 of 70 members (page 2 of 2).'))
	const bad = await page.goto(`/groups/${group.id}?gainsPage=0`)
	expect(bad?.status()).toBe(400)
	await expect(page.locator('[data-page-error]')).toHaveText('gainsPage must be a whole number from 1 (showing the first page).')
	await expect(gains).toHaveCount(50)
	expect((await page.goto(`/groups/${group.id}?page=two`))?.status()).toBe(400)
	await expect(page.locator('[data-page-error]')).toContainText('page must be a whole number from 1')
})

test('without JavaScript, an unknown clan is refused with the reason and the form as filled in', async ({ page }) => {
	await page.goto('/groups')
	await page.getByLabel('Name', { exact: true }).fill('Nobody')
	await page.getByLabel('Clan name').fill('No Such Clan')
	const [answer] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST'),
		page.getByRole('button', { name: 'Create the group' }).click(),
	])
	expect(answer.status()).toBe(404)
	await expect(page.locator('[data-group-error]')).toContainText('No such clan')
	await expect(page.getByLabel('Clan name')).toHaveValue('No Such Clan')
	const missing = await page.request.get('/groups/999999')
	expect(missing.status()).toBe(404)
})

test("without JavaScript, the group page's activity feed shows members' quests and boss kills, and the player page the log by kind", async ({
	page,
}) => {
	const name = `Feed Testers ${Date.now()}`
	await page.goto('/groups')
	await page.getByLabel('Name', { exact: true }).fill(name)
	await page.getByLabel('Clan name').fill(FAKE_CLAN)
	await page.getByRole('button', { name: 'Create the group' }).click()
	await expect(page.locator('[data-group-created]')).toContainText(`Created ${name}`)
	await page.goto(`/groups?q=${encodeURIComponent(name)}`)
	await page.locator('[data-groups-list]').getByRole('link', { name }).click()
	const url = page.url()

	// The members are fetched in the background at group priority; their log reaches the feed.
	const feed = page.locator('[data-group-activity] li')
	await expect(async () => {
		await page.goto(url)
		await expect(feed.first()).toBeVisible({ timeout: 1000 })
	}).toPass({ timeout: 60_000 })
	await expect(page.locator('[data-group-activity] li[data-kind="boss-kill"]')).toContainText("Zezima Jr killed 6 K'ril Tsutsaroths")
	await expect(page.locator('[data-group-activity] li[data-kind="quest"]')).toContainText('Zezima Jr completed Beneath Cursed Tides')

	await page.locator('[data-group-activity]').getByRole('link', { name: 'Zezima Jr' }).first().click()
	const log = page.locator('[data-player-log]')
	await expect(log.getByRole('heading', { level: 2 })).toHaveText("Adventurer's log by kind")
	const bosses = log.locator('[data-log-kind="boss-kill"]')
	await expect(bosses.getByRole('heading', { level: 3 })).toHaveText('Boss kills (1)')
	await expect(bosses.locator('table tbody tr')).toHaveText([/K'ril Tsutsaroths\s*6/])
	await expect(log.locator('[data-log-kind="quest"]')).toContainText('Quest complete: Beneath Cursed Tides')
	await expect(log.locator('[data-log-kind="level"]')).toContainText('Levelled up Divination.')
	await expect(log.locator('[data-log-kind="other"]')).toContainText('I killed a boss monster in Daemonheim.')
})

test.describe('with JavaScript', () => {
	test.use({ javaScriptEnabled: true })

	test('the creation form shows the code once after its redirect; a reload shows it no more and makes no second group', async ({
		page,
	}) => {
		const name = `JS Testers ${Date.now()}`
		await page.goto('/groups')
		await page.getByLabel('Name', { exact: true }).fill(name)
		await page.getByLabel('A list of players (up to 500)').check()
		await page.getByLabel('Player names, one a line').fill('Anna\nBob')
		await page.getByRole('button', { name: 'Create the group' }).click()
		await expect(page.locator('[data-group-created]')).toContainText(`Created ${name} with 2 members`)
		await expect(page.locator('[data-group-code]')).toHaveText(/^[\w-]{22}$/)
		expect(page.url()).toMatch(/\/groups\?created=\d+$/)
		await page.reload()
		await expect(page.locator('[data-group-created]')).toHaveCount(0)
		await page.goto(`/groups?q=${encodeURIComponent(name)}`)
		await expect(page.locator('[data-groups-list] li')).toHaveCount(1)
	})
})

test('the author dashboard locks, unlocks and deletes any group, without JavaScript; without its session nothing changes', async ({
	page,
}) => {
	const name = `Dashboard Target ${Date.now()}`
	const made = await page.request.post('/api/v1/groups', { data: { name, members: ['Anna'] } })
	expect(made.status()).toBe(201)
	const { group, verificationCode } = (await made.json()) as { group: { id: number }; verificationCode: string }
	const rename = () =>
		page.request.patch(`/api/v1/groups/${group.id}`, { data: { name }, headers: { 'x-verification-code': verificationCode } })

	// No session: the page and its action send to the login, and the group is untouched.
	await page.goto('/dev/dashboard/groups')
	await expect(page).toHaveURL(/\/dev\/dashboard\?redirectTo=|\/dev\/dashboard$/)
	const anonymous = await page.request.post('/dev/dashboard/groups', { form: { intent: 'delete', id: String(group.id) }, maxRedirects: 0 })
	expect(anonymous.status()).toBe(303)
	expect(anonymous.headers().location).toMatch(/redirectTo=/)
	expect((await page.request.get(`/api/v1/groups/${group.id}`)).status()).toBe(200)

	const login = await page.request.post('/dev/dashboard?index', { form: { intent: 'login', password: 'e2e-dashboard-password' } })
	expect(login.ok()).toBe(true)
	await page.goto(`/dev/dashboard/groups?q=${encodeURIComponent(name)}`)
	const row = page.locator(`[data-group="${group.id}"]`)
	await expect(row).toContainText(name)
	await row.getByRole('button', { name: 'Lock' }).click()
	await expect(page.locator('[data-groups-done]')).toHaveText(`Locked group ${group.id}.`)
	expect((await rename()).status()).toBe(403)
	expect(((await (await rename()).json()) as { error: { code: string } }).error.code).toBe('GROUP_LOCKED')

	await page.goto(`/dev/dashboard/groups?q=${encodeURIComponent(name)}`)
	await expect(row).toContainText('Locked')
	await row.getByRole('button', { name: 'Unlock' }).click()
	await expect(page.locator('[data-groups-done]')).toHaveText(`Unlocked group ${group.id}.`)
	expect((await rename()).status()).toBe(200)

	await page.goto(`/dev/dashboard/groups?q=${encodeURIComponent(name)}`)
	await row.getByRole('button', { name: 'Delete' }).click()
	await expect(page.locator('[data-groups-done]')).toHaveText(`Deleted group ${group.id}.`)
	expect((await page.request.get(`/api/v1/groups/${group.id}`)).status()).toBe(404)
})
