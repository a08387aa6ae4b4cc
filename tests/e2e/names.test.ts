import { startFakeUpstream, type FakeUpstream } from '../fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest, type RawResponse } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// Name changes (issue 42) against the production build: a server of its own with a fake upstream
// in this process, so a test can make a name vanish and another appear (`fake.rename`). Each test
// speaks from its own address (the submissions are limited per client).

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.use({ javaScriptEnabled: false })

type ErrorBody = { error: { code: string; message: string; parameter?: string; newName?: string } }
type NameChangeBody = {
	outcome: 'applied' | 'pending'
	nameChange: { id: number; oldName: string; newName: string; status: string; reason: string | null }
}
type Summary = { name: string; trackedSince: string }

let fake: FakeUpstream
let server: ServerInstance
test.beforeAll(async () => {
	fake = await startFakeUpstream()
	server = await startServerInstance({
		TRUST_PROXY: 'loopback',
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		CLAN_HISCORES_BASE_URL: fake.clanHiscoresBaseUrl,
	})
})
test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
})

function call(client: string, method: string, path: string, body?: unknown) {
	const text = body === undefined ? undefined : JSON.stringify(body)
	return rawRequest(server.baseURL, {
		method,
		path,
		headers: {
			'x-forwarded-for': client,
			...(text === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
		},
		body: text,
	})
}
const parsed = <T>(response: RawResponse) => JSON.parse(response.body) as T
const submit = (client: string, oldName: string, newName: string) => call(client, 'POST', '/api/v1/names', { oldName, newName })

/** Looks the player up (which starts tracking them) and waits until their history answers. */
async function track(name: string): Promise<Summary> {
	expect((await call('10.0.0.1', 'GET', `/api/v1/player-data?username=${encodeURIComponent(name)}`)).status).toBe(200)
	let summary: Summary | undefined
	await expect(async () => {
		const response = await call('10.0.0.1', 'GET', `/api/v1/players/${encodeURIComponent(name)}`)
		expect(response.status).toBe(200)
		summary = parsed<Summary>(response)
	}).toPass({ timeout: 20_000 })
	return summary!
}

test('accepted: applied at once; the old name’s page answers 301 and its API 308 to the new name, with the query kept', async () => {
	const before = await track('Zezima Olde')
	fake.rename('Zezima Olde', 'Zezima Newe')
	const response = await submit('10.1.0.1', 'Zezima Olde', 'Zezima_Newe')
	expect(response.status, response.body).toBe(200)
	expect(parsed<NameChangeBody>(response)).toMatchObject({
		outcome: 'applied',
		nameChange: { oldName: 'Zezima Olde', newName: 'Zezima Newe', status: 'applied', reason: null },
	})

	const history = await call('10.1.0.1', 'GET', '/api/v1/players/Zezima%20Olde/gains?period=month')
	expect(history.status).toBe(308)
	expect(history.headers.location).toBe('/api/v1/players/Zezima%20Newe/gains?period=month')
	expect(parsed<ErrorBody>(history).error).toMatchObject({ code: 'PLAYER_RENAMED', newName: 'Zezima Newe' })
	const moved = await call('10.1.0.1', 'GET', '/api/v1/players/Zezima%20Newe')
	expect(moved.status).toBe(200)
	// One history: the old name's, from its first day.
	expect(parsed<Summary>(moved)).toMatchObject({ name: 'Zezima Newe', trackedSince: before.trackedSince })

	const update = await call('10.1.0.1', 'POST', '/api/v1/players/Zezima%20Olde/update')
	expect([update.status, update.headers.location]).toEqual([308, '/api/v1/players/Zezima%20Newe/update'])

	const page = await call('10.1.0.1', 'GET', '/players/Zezima_Olde?period=month')
	expect(page.status).toBe(301)
	expect(page.headers.location).toBe('/players/Zezima_Newe?period=month')

	const again = await submit('10.1.0.1', 'Zezima Olde', 'Zezima Newe')
	expect([again.status, parsed<ErrorBody>(again).error]).toEqual([
		409,
		{ code: 'NAME_CHANGE_CONFLICT', message: 'Zezima Olde was changed to Zezima Newe already.' },
	])
})

test('refused with the reason (422, nothing changed); a bad name is a 400 naming its field', async () => {
	await track('Zezima Stay')
	const stays = await submit('10.2.0.1', 'Zezima Stay', 'Zezima Other')
	expect(stays.status).toBe(422)
	expect(parsed<ErrorBody>(stays).error).toEqual({
		code: 'NAME_CHANGE_REFUSED',
		message: 'The old name still exists in RuneScape, so it has not been changed.',
	})
	expect((await call('10.2.0.1', 'GET', '/api/v1/players/Zezima%20Stay')).status).toBe(200)

	// The old name is gone, but no player has the name given as the new one.
	fake.rename('Zezima Stay', 'Zezima Moved')
	const unknown = await submit('10.2.0.1', 'Zezima Stay', 'Nobody Here')
	expect([unknown.status, parsed<ErrorBody>(unknown).error.message]).toEqual([422, 'RuneScape knows no player by the new name.'])
	// Another account with less XP in some skills.
	const smaller = await submit('10.2.0.1', 'Zezima Stay', 'Midgame Mia')
	expect(smaller.status).toBe(422)
	expect(parsed<ErrorBody>(smaller).error.message).toMatch(/^The new name has less XP than the old name last had in /)
	const never = await submit('10.2.0.1', 'Never Seen', 'Zezima Moved')
	expect([never.status, parsed<ErrorBody>(never).error.message]).toEqual([
		422,
		'The old name has no history here: there is nothing to move to the new name.',
	])
	expect((await call('10.2.0.1', 'GET', '/api/v1/players/Zezima%20Stay')).status).toBe(200)

	const bad = await submit('10.2.0.1', 'Zezima Stay', 'no<way>')
	expect([bad.status, parsed<ErrorBody>(bad).error.code, parsed<ErrorBody>(bad).error.parameter]).toEqual([
		400,
		'INVALID_PARAMETER',
		'newName',
	])
	const missing = await call('10.2.0.1', 'POST', '/api/v1/names', { newName: 'Zezima Moved' })
	expect([missing.status, parsed<ErrorBody>(missing).error.parameter]).toEqual([400, 'oldName'])
	const same = await submit('10.2.0.1', 'Zezima Stay', 'zezima_stay')
	expect([same.status, parsed<ErrorBody>(same).error.parameter]).toEqual([400, 'newName'])
})

test('doubtful: stored for review (202, 409 for a second one); the dashboard approves it without JavaScript', async ({ page }) => {
	await track('Zezima Lamp')
	// 60M XP in Attack within seconds: more than the hour allows, so someone looks first.
	fake.setProgress('Zezima Lamp', { xpGained: { 0: 60_000_000 } })
	fake.rename('Zezima Lamp', 'Zezima Lamps')
	const response = await submit('10.3.0.1', 'Zezima Lamp', 'Zezima Lamps')
	expect(response.status, response.body).toBe(202)
	const body = parsed<NameChangeBody>(response)
	expect(body).toMatchObject({ outcome: 'pending', nameChange: { status: 'pending' } })
	expect(body.nameChange.reason).toMatch(/more than 10,000,000 XP an hour\.$/)
	const second = await submit('10.3.0.1', 'Zezima Lamp', 'Zezima Lamps')
	expect([second.status, parsed<ErrorBody>(second).error.code]).toEqual([409, 'NAME_CHANGE_CONFLICT'])
	// Not applied yet: the old name keeps its history and its page.
	expect((await call('10.3.0.1', 'GET', '/api/v1/players/Zezima%20Lamp')).status).toBe(200)

	// The queue is the dashboard's: locked without a session.
	await page.goto(`${server.baseURL}/dev/dashboard/names`)
	await expect(page).toHaveURL(/\/dev\/dashboard\?redirectTo=/)
	expect(
		(await page.request.post(`${server.baseURL}/dev/dashboard?index`, { form: { intent: 'login', password: server.password } })).ok(),
	).toBe(true)
	await page.goto(`${server.baseURL}/dev/dashboard/names`)
	const item = page.locator('[data-review-change="Zezima Lamp → Zezima Lamps"]')
	await expect(item).toContainText('more than 10,000,000 XP an hour')
	await item.getByRole('button', { name: 'Approve' }).click()
	await expect(page.locator('[data-review-done="approved"]')).toHaveText('Applied: Zezima Lamp → Zezima Lamps.')
	await expect(page.locator('[data-review-empty]')).toBeVisible()

	const moved = await call('10.3.0.1', 'GET', '/api/v1/players/Zezima%20Lamp')
	expect([moved.status, moved.headers.location]).toEqual([308, '/api/v1/players/Zezima%20Lamps'])
})

test('without JavaScript, /names submits a change, shows the outcome and lists it', async ({ page }) => {
	await track('Zezima Form')
	fake.rename('Zezima Form', 'Zezima Formd')
	await page.goto(`${server.baseURL}/names`)
	await page.getByLabel('Old name').fill('Zezima Form')
	await page.getByLabel('New name').fill('Zezima Formd')
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.locator('[data-name-change-outcome="applied"]')).toContainText('Zezima Form’s history is now under Zezima Formd')
	await expect(page.locator('[data-name-changes] li').filter({ hasText: 'Zezima Form → Zezima Formd' })).toContainText('applied')

	await page.getByLabel('Old name').fill('Zezima Form')
	await page.getByLabel('New name').fill('Zezima Formd')
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.locator('[data-name-change-outcome="conflict"]')).toHaveText(
		'Not changed: Zezima Form was changed to Zezima Formd already.',
	)
	await page.getByRole('link', { name: 'Zezima Formd' }).first().click()
	await expect(page).toHaveURL(`${server.baseURL}/players/Zezima_Formd`)
})

test('a change applied moves the competitions’ participants: two competitions, one where the new name took part already', async () => {
	await track('Zezima Comp')
	const create = async (participants: string[]) => {
		const body = {
			title: `Rename week ${participants.join(' ')}`,
			startsAt: new Date(Date.now() - 3_600_000).toISOString(),
			endsAt: new Date(Date.now() + 86_400_000).toISOString(),
			metrics: [{ metric: 'overall' }],
			participants,
		}
		const response = await call(`10.4.0.${participants.length}`, 'POST', '/api/v1/competitions', body)
		expect(response.status, response.body).toBe(201)
		return parsed<{ competition: { id: number } }>(response).competition.id
	}
	const alone = await create(['Zezima Comp', 'Anna Other'])
	const merged = await create(['Zezima Comp', 'Zezima Compd', 'Bea Other'])
	fake.rename('Zezima Comp', 'Zezima Compd')
	const response = await submit('10.4.0.9', 'Zezima Comp', 'Zezima Compd')
	expect(response.status, response.body).toBe(200)

	type Read = {
		competition: { participants: { key: string; name: string }[] }
		standings: { name: string }[]
		lastCheckedAt: Record<string, string | null>
	}
	const read = async (id: number) => parsed<Read>(await call('10.4.0.9', 'GET', `/api/v1/competitions/${id}`))
	const first = await read(alone)
	expect(first.competition.participants.map((p) => p.name)).toEqual(['Anna Other', 'Zezima Compd'])
	// The history came along: the new name's row was checked (by the lookup that tracked the old name).
	expect(first.lastCheckedAt['zezima compd']).toEqual(expect.any(String))
	const second = await read(merged)
	expect(second.competition.participants.map((p) => p.name)).toEqual(['Bea Other', 'Zezima Compd'])
	expect(second.standings.map((s) => s.name).sort()).toEqual(['Bea Other', 'Zezima Compd'])
	const csv = await call('10.4.0.9', 'GET', `/api/v1/competitions/${alone}/standings.csv`)
	expect(csv.body).toContain('Zezima Compd')
	expect(csv.body).not.toContain('Zezima Comp,')
})
