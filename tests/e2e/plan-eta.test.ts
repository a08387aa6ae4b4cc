import { readFileSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import type { PlannerData } from '#app/planner/data.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { SKILLS, skillLabel } from '#app/lib/skills.ts'
import { createPlanner } from '#app/planner/plan.ts'
import { plannerPlayer } from '#app/planner/player.ts'
import type { PlayerData } from '#app/player/types.ts'
import { readFixture } from '#tests/fixtures/fake-upstream.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// Goals with an ETA and "Track this plan", with the fake upstream's Trainee Tess (Midgame Mia's
// account, whose XP grows when we ask) and the server's test clock (TEST_ONLY_SHIFTABLE_CLOCK).

test.describe.configure({ mode: 'serial' })

const DAY = 86_400_000
const UPSTREAM = `http://127.0.0.1:${process.env.E2E_UPSTREAM_PORT ?? 4174}`
const planner = createPlanner(JSON.parse(readFileSync('app/generated/planner.json', 'utf8')) as PlannerData)
const goals = ['quest-point-cape']
const url = `/tools/plan?goals=${goals.join(',')}&player=Trainee%20Tess`

/** Tess's first training step (her account is Mia's), and how much XP the plan needs in its skill. */
function firstTraining() {
	const profile = JSON.parse(readFixture('profile_midgame.json')) as { skillvalues: { id: number; level: number; xp: number }[] }
	const { quests } = JSON.parse(readFixture('quests_midgame.json')) as Pick<PlayerData, 'quests'>
	const skillvalues = profile.skillvalues.map((s) => ({ id: s.id, level: s.level, xp: Math.floor(s.xp / 10) }))
	const plan = planner.plan(goals, plannerPlayer({ source: 'runemetrics', quests, skillvalues }, planner.questName))
	const step = plan.steps.find((s) => s.kind === 'train')
	if (step?.kind !== 'train') throw new Error('the plan has no training')
	return { skill: step.skill, skillId: SKILLS.findIndex((s) => s.name === step.skill), needed: plan.totals.xpBySkill[step.skill]! }
}

let shifted = 0
async function advanceServer(request: APIRequestContext, ms: number): Promise<number> {
	const answer = await request.post(`/api/test/clock?advanceMs=${ms}`)
	expect(answer.ok()).toBe(true)
	shifted += ms
	return Date.parse(((await answer.json()) as { now: string }).now)
}

test.afterAll(async ({ request }) => {
	if (shifted) await request.post(`/api/test/clock?advanceMs=${-shifted}`)
})

// Not passing yet (issue 27, part 3): on day 9 the Agility step shows ", done" instead of its ETA.
// It also shifts the shared server's clock; it must move to its own server instance
// (tests/e2e/server-instance.ts, as tracker-tomorrow.test.ts does) before it is switched on.
test.fixme('a plan tracked on day 1 shows progress on day 3; ETAs come once there is a week of history', async ({ page, request, consoleErrors }) => {
	test.setTimeout(180_000)
	const { skill, skillId, needed } = firstTraining()
	const train = async (xp: number) => expect((await request.post(`${UPSTREAM}/control/train?skill=${skillId}&xp=${xp}`)).status()).toBe(204)
	const open = async (time: number) => {
		// The lookup's answers are cacheable for a minute by the browser, in real time: days pass
		// here in seconds, so each "day" starts with an empty HTTP cache, as it would.
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Network.clearBrowserCache')
		await page.clock.setSystemTime(time)
		await page.goto(url)
		await waitForHydration(page)
		await expect(page.locator('[data-plan-totals]')).toBeVisible({ timeout: 30_000 })
	}

	// Day 1: no history yet, said in words; the reader tracks the plan.
	const dayOne = await advanceServer(request, 0)
	await page.clock.install({ time: dayOne })
	await open(dayOne)
	const note = page.locator('[data-plan-eta-note]')
	await expect(note).toContainText('week of history')
	await expect(page.locator('[data-plan-eta]')).toHaveCount(0)
	await page.locator('[data-track-plan]').click()
	const tracked = page.locator('[data-plan-tracked]')
	await expect(tracked).toContainText(`on ${formatDate(new Date(dayOne).toISOString().slice(0, 10))}`)
	await expect(tracked.locator(`[data-tracked-skill="${skill}"]`)).toHaveText(`${skillLabel(skill)}: 0 of ${formatNumber(needed)} XP`)

	// Day 3: 1,000 XP later, the progress since day 1.
	await train(1_000)
	const dayThree = await advanceServer(request, 2 * DAY)
	await open(dayThree)
	await expect(tracked).toContainText(`on ${formatDate(new Date(dayOne).toISOString().slice(0, 10))}`)
	await expect(tracked.locator(`[data-tracked-skill="${skill}"]`)).toHaveText(`${skillLabel(skill)}: 1,000 of ${formatNumber(needed)} XP`)
	await expect(tracked.locator('[data-tracked-quests]')).toContainText('Quests: 0 of')
	await expect(note).toHaveAttribute('data-plan-eta-note', 'no-history')

	// Day 9: more than a week of snapshots: the skill's steps get a range at Tess's own pace.
	await train(7_000)
	const dayNine = await advanceServer(request, 6 * DAY)
	await open(dayNine)
	await expect(note).toHaveAttribute('data-plan-eta-note', 'ok')
	await expect(note).toContainText('at your pace over the last')
	await expect(page.locator(`[data-step-kind="train"]:has-text("Train ${skillLabel(skill)}") [data-step-eta]`).first()).toContainText(/about \d+/)
	// Skills Tess did not train say so rather than give a number: the whole plan waits on them.
	await expect(page.locator('[data-plan-eta] dd')).toContainText('no recent XP in')
	await expect(page.getByRole('heading', { name: 'How the training time is estimated' })).toBeVisible()

	// The same from the API.
	const api = await request.get(`/api/v1/plan?username=Trainee%20Tess&goals=${goals.join(',')}`)
	expect(api.status()).toBe(200)
	const body = (await api.json()) as { eta: { status: string; pace: { source: string } }; steps: Array<{ kind: string; skill?: string; eta?: { kind: string; text: string } }> }
	expect(body.eta).toMatchObject({ status: 'ok', pace: { source: 'snapshots' } })
	expect(body.steps.find((s) => s.kind === 'train' && s.skill === skill)?.eta?.kind).toBe('range')

	// Every card, the ETA's included, fits at 320 px.
	await page.setViewportSize({ width: 320, height: 800 })
	const widths = await page.locator('[data-plan-total]').evaluateAll((cards) => cards.map((card) => card.scrollWidth - card.clientWidth))
	expect(widths.length).toBe(4)
	expect(widths.every((extra) => extra <= 0)).toBe(true)
	expect(consoleErrors).toEqual([])
})
