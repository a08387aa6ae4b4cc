import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { APIRequestContext, Page } from '@playwright/test'
import type { PlannerData } from '#app/planner/data.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { SKILLS, skillLabel } from '#app/lib/skills.ts'
import { createPlanner } from '#app/planner/plan.ts'
import { plannerPlayer } from '#app/planner/player.ts'
import type { PlayerData } from '#app/player/types.ts'
import { milestonesSchema } from '#app/tracker/api-types.ts'
import { readFixture, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { startClockedInstance, type ServerInstance } from './server-instance.ts'

// Goals with an ETA, "Track this plan" and the player page's progress and milestones, with the
// fake upstream's Trainee Tess (Midgame Mia's account, whose XP grows when we ask) and the server's
// test clock. Its own server and fake upstream: the clock and Tess's XP are this test's alone.

test.describe.configure({ mode: 'serial' })

const DAY = 86_400_000
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const planner = createPlanner(JSON.parse(readFileSync('app/generated/planner.json', 'utf8')) as PlannerData)
const goals = ['quest-point-cape']

let server: ServerInstance
let fake: FakeUpstream

test.beforeAll(async () => {
	test.setTimeout(180_000)
	;({ server, fake } = await startClockedInstance({
		TRACKER_UPSTREAM_RPS: '30',
	}))
	// The embedded database opens on first use (up to 30 s on a busy machine): open it now, so the
	// test's waits are about the pages, not about that.
	const warm = await fetch(`${server.baseURL}/api/v1/players/Nobody_Here/pace`, { signal: AbortSignal.timeout(120_000) })
	expect(warm.status).toBe(404)
})

test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
})

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

/**
 * The page's layout shift so far inside `<main>` (as CLS counts it: not caused by input). The
 * header is left out: at 320 px its account button widens once a remembered name is read, which
 * is the shell's and not what this test is about.
 */
async function layoutShift(page: Page): Promise<number> {
	return page.evaluate(
		() =>
			new Promise<number>((resolve) => {
				type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }
				let total = 0
				const main = document.querySelector('main')
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as Shift[]) {
						if (!entry.hadRecentInput && entry.sources.some(({ node }) => node && main?.contains(node))) total += entry.value
					}
				}).observe({ type: 'layout-shift', buffered: true })
				setTimeout(() => resolve(total), 300)
			}),
	)
}

async function advanceServer(request: APIRequestContext, ms: number): Promise<number> {
	const answer = await request.post(`${server.baseURL}/api/test/clock?advanceMs=${ms}`)
	expect(answer.ok()).toBe(true)
	return Date.parse(((await answer.json()) as { now: string }).now)
}

test('a plan tracked on day 1 shows progress on day 3, on the planner and the player page; ETAs and milestones come with a week of history', async ({
	page,
	consoleErrors,
}) => {
	test.setTimeout(240_000)
	const { request } = page
	const { skill, skillId, needed } = firstTraining()
	const planUrl = `${server.baseURL}/tools/plan?goals=${goals.join(',')}&player=Trainee%20Tess`
	const playerUrl = `${server.baseURL}/players/Trainee_Tess`
	const label = skillLabel(skill)
	const open = async (url: string, time: number) => {
		// The lookup's answers are cacheable for a minute by the browser, in real time: days pass
		// here in seconds, so each "day" starts with an empty HTTP cache, as it would.
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Network.clearBrowserCache')
		await page.clock.setSystemTime(time)
		await page.goto(url)
		await waitForHydration(page)
	}
	const openPlan = async (time: number) => {
		await open(planUrl, time)
		await expect(page.locator('[data-plan-totals]')).toBeVisible({ timeout: 30_000 })
	}

	// Day 1: no history yet, said in words; the reader tracks the plan.
	const dayOne = await advanceServer(request, 0)
	const since = `on ${formatDate(new Date(dayOne).toISOString().slice(0, 10))}`
	await page.clock.install({ time: dayOne })
	await openPlan(dayOne)
	const note = page.locator('[data-plan-eta-note]')
	await expect(note).toContainText('week of history')
	await expect(page.locator('[data-plan-eta]')).toHaveCount(0)
	await page.locator('[data-track-plan]').click()
	const tracked = page.locator('[data-plan-tracked]')
	await expect(tracked).toContainText(since)
	await expect(tracked.locator(`[data-tracked-skill="${skill}"]`)).toHaveText(`${label}: 0 of ${formatNumber(needed)} XP`)

	// Day 3: 1,000 XP later, the progress since day 1 on the planner...
	fake.train(skillId, 1_000)
	const dayThree = await advanceServer(request, 2 * DAY)
	await openPlan(dayThree)
	await expect(tracked).toContainText(since)
	await expect(tracked.locator(`[data-tracked-skill="${skill}"]`)).toHaveText(`${label}: 1,000 of ${formatNumber(needed)} XP`)
	await expect(tracked.locator('[data-tracked-quests]')).toContainText('Quests: 0 of')
	await expect(note).toHaveAttribute('data-plan-eta-note', 'no-history')

	// ...and on the player page, drawn in the browser from the plan it keeps (the server's HTML has none).
	const html = await (await request.get(playerUrl)).text()
	expect(html).not.toContain('data-player-plan')
	await open(playerUrl, dayThree)
	const onPage = page.locator('[data-player-plan]')
	await expect(onPage).toContainText(`Progress since you tracked it ${since}`)
	await expect(onPage.locator(`[data-tracked-skill="${skill}"]`)).toHaveText(`${label}: 1,000 of ${formatNumber(needed)} XP`)
	await expect(onPage.locator('[data-tracked-quests]')).toContainText('Quests: 0 of')
	// It appears below the fold: nothing in view moved (CLS 0).
	expect(await layoutShift(page)).toBe(0)
	await expect(onPage.getByRole('link', { name: 'Open the plan' })).toHaveAttribute(
		'href',
		/\/tools\/plan\?goals=quest-point-cape&player=Trainee%20Tess/,
	)
	// Milestones are listed before there is a pace, without ETAs.
	await expect(page.locator('[data-milestones-note]')).toHaveAttribute('data-milestones-note', 'no-pace')
	await expect(page.locator('[data-milestone="quest-cape"]')).toContainText('quests left')

	// Day 9: more than a week of snapshots: the skill's steps get a range at Tess's own pace.
	fake.train(skillId, 7_000)
	const dayNine = await advanceServer(request, 6 * DAY)
	await openPlan(dayNine)
	await expect(note).toHaveAttribute('data-plan-eta-note', 'ok')
	await expect(note).toContainText('at your pace over the last')
	// 8,000 XP took her past a level: that step is gone, not planned as "0 XP, done".
	const steps = page.locator(`[data-step-kind="train"]:has-text("Train ${label}")`)
	await expect(steps.first()).toBeVisible()
	for (const text of await steps.allInnerTexts()) expect(text).not.toMatch(/: 0 XP|, done/)
	await expect(steps.first().locator('[data-step-eta]')).toContainText(/about \d+/)
	// Skills Tess did not train say so rather than give a number: the whole plan waits on them.
	await expect(page.locator('[data-plan-eta] dd')).toContainText('no recent XP in')
	await expect(page.getByRole('heading', { name: 'How the training time is estimated' })).toBeVisible()

	// The same from the API.
	const api = await request.get(`${server.baseURL}/api/v1/plan?username=Trainee%20Tess&goals=${goals.join(',')}`)
	expect(api.status()).toBe(200)
	const body = (await api.json()) as {
		eta: { status: string; pace: { source: string } }
		steps: Array<{ kind: string; skill?: string; eta?: { kind: string; text: string } }>
	}
	expect(body.eta).toMatchObject({ status: 'ok', pace: { source: 'snapshots' } })
	expect(body.steps.find((s) => s.kind === 'train' && s.skill === skill)?.eta?.kind).toBe('range')

	// Every card, the ETA's included, fits at 320 px.
	await page.setViewportSize({ width: 320, height: 800 })
	const widths = await page.locator('[data-plan-total]').evaluateAll((cards) => cards.map((card) => card.scrollWidth - card.clientWidth))
	expect(widths.length).toBe(4)
	expect(widths.every((extra) => extra <= 0)).toBe(true)

	// The player page's milestones at her pace, nearest first: the trained skill's next level leads.
	await page.context().addInitScript(axeSource)
	await open(playerUrl, dayNine)
	await expect(page.locator('[data-milestones-note]')).toHaveAttribute('data-milestones-note', 'ok')
	const first = page.locator('[data-skill-milestone]').first()
	await expect(first).toHaveAttribute('data-skill-milestone', `${skill}:next-level`)
	await expect(first.locator('[data-milestone-eta]')).toContainText(/about \d+/)
	await expect(page.locator('[data-milestone="max"]')).toContainText('no recent XP in')
	await expect(page.locator('[data-player-plan]')).toBeVisible()
	expect(await layoutShift(page)).toBe(0)
	// Nothing on the page is wider than a 320 px phone, every milestone shown; axe finds nothing.
	await page.locator('[data-all-milestones] summary').click()
	await expect(page.locator('[data-all-milestones] [data-skill-milestone]').first()).toBeVisible()
	await expect(page.locator('[data-player-plan]')).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
	const violations = await page.evaluate(async () => {
		const { axe } = window as unknown as {
			axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> }
		}
		const { violations } = await axe.run(document, { resultTypes: ['violations'] })
		return violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)
	})
	expect(violations).toEqual([])
	const milestones = await request.get(`${server.baseURL}/api/v1/players/Trainee_Tess/milestones`)
	expect(milestones.status()).toBe(200)
	expect(milestones.headers()['access-control-allow-origin']).toBe('*')
	const parsed = milestonesSchema.parse(await milestones.json())
	expect(parsed.pace?.source).toBe('snapshots')
	expect(parsed.skills[0]).toMatchObject({ skill, kind: 'next-level', eta: { kind: 'range' } })
	const unknown = await request.get(`${server.baseURL}/api/v1/players/Nobody_Here/milestones`)
	expect(unknown.status()).toBe(404)
	expect(unknown.headers()['access-control-allow-origin']).toBe('*')
	expect(consoleErrors).toEqual([])
})
