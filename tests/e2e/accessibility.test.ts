import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { flatten } from '#app/lib/content/navigation.ts'
import type { Navigation } from '#app/lib/content/page-types.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// axe over the sitemap's pages, at a phone and a desktop width (see pagesFor): no violation of any impact.
// One browser context and one tab per width, axe injected once per page load by an init script.
// The phone sweep also proves every guide page renders cleanly: its title as the heading, no
// console error, no leftover under-construction notice.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] }

async function sitemapPaths(page: Page): Promise<string[]> {
	const xml = await (await page.request.get('/sitemap.xml')).text()
	return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
}

async function axeViolations(page: Page): Promise<Violation[]> {
	return page.evaluate(async () => {
		type Axe = { configure: (spec: object) => void; run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
		const axe = (window as unknown as { axe: Axe }).axe
		// Without each checked node's markup (the report names nodes by selector): a tenth of axe's time.
		axe.configure({ noHtml: true })
		const result = await axe.run(document, { resultTypes: ['violations'] })
		return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }))
	})
}

function describe(path: string, violations: Violation[]): string[] {
	return violations.map(
		(v) =>
			`${path}: ${v.id} (${v.impact}) at ${v.nodes
				.slice(0, 3)
				.map((n) => n.target.join(' '))
				.join(' | ')}`,
	)
}

const navigation = JSON.parse(readFileSync('app/generated/navigation.json', 'utf8')) as Navigation
const guideTitles = new Map(
	flatten(navigation.sections)
		.filter((e) => e.component === 'guide')
		.map((e) => [e.path, e.title]),
)

/**
 * The pages one sweep covers. At the phone width, every page but the quest pages, and of those
 * (364 pages of one template, a few seconds each) every sixth. At the desktop width, where only
 * the layout around the content differs (sidebar, header, table of contents, each shared by a
 * section), every third other page and every sixteenth quest, offset so the two widths see
 * different pages. The quest list and pages with a player loaded are checked in full below.
 */
function pagesFor(width: number, paths: string[]): string[] {
	const phone = width < 1000
	const [questStep, questOffset] = phone ? [6, 0] : [16, 3]
	const quests = paths.filter((p) => p.startsWith('/quests/'))
	const others = paths.filter((p) => !p.startsWith('/quests/'))
	return paths.filter((p) =>
		p.startsWith('/quests/') ? quests.indexOf(p) % questStep === questOffset : phone || others.indexOf(p) % 3 === 1,
	)
}

/** A guide page's own checks: its title as the heading, no under-construction notice left. */
async function guideProblems(page: Page, path: string): Promise<string[]> {
	const title = guideTitles.get(path)
	if (!title) return []
	const problems: string[] = []
	const heading = (await page.getByRole('heading', { level: 1 }).allTextContents()).join(' | ')
	if (heading !== title) problems.push(`${path}: heading "${heading}", expected "${title}"`)
	if ((await page.getByText('Page Under Construction').count()) > 0) problems.push(`${path}: under-construction notice`)
	return problems
}

// Each width in shards, so the two workers share the sweep instead of one carrying it.
const SHARDS = 3

for (const width of [1280, 375]) {
	for (let shard = 0; shard < SHARDS; shard++) {
		test(`axe finds nothing on the sitemap pages at ${width} px (part ${shard + 1} of ${SHARDS})`, async ({ browser, page: probe }) => {
			const all = await sitemapPaths(probe)
			expect(all.length).toBeGreaterThan(100)
			// Every guide page is in the sitemap, so the phone sweep sees them all.
			expect(guideTitles.size).toBeGreaterThan(50)
			expect([...guideTitles.keys()].filter((path) => !all.includes(path))).toEqual([])
			const paths = pagesFor(width, all).filter((_, index) => index % SHARDS === shard)
			// A generous cap: on a quiet machine a page takes well under a second.
			test.setTimeout(60_000 + paths.length * 8_000)
			const context = await browser.newContext({ viewport: { width, height: 900 } })
			await context.addInitScript(axeSource)
			const page = await context.newPage()
			const found: string[] = []
			let current = ''
			page.on('console', (message) => {
				if (message.type() === 'error') found.push(`${current}: console error: ${message.text()}`)
			})
			page.on('pageerror', (error) => found.push(`${current}: page error: ${error.message}`))
			for (const path of paths) {
				current = path
				const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
				expect(response?.status(), path).toBe(200)
				await waitForHydration(page)
				found.push(...describe(path, await axeViolations(page)))
				if (width < 1000) found.push(...(await guideProblems(page, path)))
			}
			await context.close()
			expect(found).toEqual([])
		})
	}
}

test('axe finds nothing on the quest pages and the list with a player loaded, at 375 px', async ({ browser }) => {
	// The quest list is a long table: axe takes a while over it on a busy machine.
	test.setTimeout(180_000)
	const context = await browser.newContext({ viewport: { width: 375, height: 900 } })
	await context.addInitScript(axeSource)
	await context.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	const page = await context.newPage()
	const found: string[] = []
	// Each page with what shows once the player has loaded.
	const pages = {
		'/quests/desert-treasure': 'text=Checked against Zezima Jr',
		'/quests': 'text=Progress of Zezima Jr',
		'/guides/mid-game/while-guthix-sleeps': 'text=Checked against Zezima Jr',
		'/guides/efficiency': '[data-player-ticks]',
	}
	for (const [path, loaded] of Object.entries(pages)) {
		await page.goto(path)
		await waitForHydration(page)
		// The first lookup on the shared server may meet the embedded database being created (the
		// tracker's first recording): seconds of a busy event loop, once.
		await expect(page.locator(loaded).first()).toBeVisible({ timeout: 30_000 })
		found.push(...describe(path, await axeViolations(page)))
	}
	await context.close()
	expect(found).toEqual([])
})
