/**
 * How long a client-side guide-to-guide navigation takes to paint the new page in Chromium,
 * measured in the page with the Performance API: a mark when the link is clicked, a mark after
 * the frame that shows the new page's heading, and the measure between them.
 *
 * Each navigation starts in a fresh browser context (empty cache) on the `from` page once it has
 * hydrated. "prefetched": the mouse rests on the link first, as a reader's does, and the click
 * waits until the new page's data has arrived; "cold": the link is clicked straight away.
 */
import { chromium, type Browser } from '@playwright/test'
import { median } from './lighthouse-summary.ts'

export type Hop = readonly [from: string, to: string]

export interface NavigationTimes {
	prefetched: number[]
	cold: number[]
	/** Hops whose data was not fetched on hover (no prefetch on intent for that link). */
	notPrefetched: string[]
	/** Hops whose `from` page has no visible link to `to`. */
	skipped: string[]
}

/** Runs in the page: clicks the link and resolves with the measure's duration (ms). */
function clickAndMeasure(to: string): Promise<number> {
	const link = [...document.querySelectorAll<HTMLAnchorElement>(`a[href="${to}"]`)].find((a) => a.offsetParent !== null)
	if (!link) return Promise.reject(new Error(`no visible link to ${to}`))
	const heading = () => document.querySelector('main h1, h1')?.textContent ?? ''
	const before = heading()
	return new Promise((resolve, reject) => {
		const timeout = setTimeout(() => reject(new Error(`${to} did not render within 10 s`)), 10_000)
		const afterNextPaint = () =>
			requestAnimationFrame(() => {
				const channel = new MessageChannel()
				channel.port1.onmessage = () => {
					performance.mark('nav-painted')
					clearTimeout(timeout)
					resolve(performance.measure('guide-navigation', 'nav-click', 'nav-painted').duration)
				}
				channel.port2.postMessage(null)
			})
		const observer = new MutationObserver(() => {
			if (location.pathname !== to || heading() === before) return
			observer.disconnect()
			afterNextPaint()
		})
		observer.observe(document.body, { childList: true, subtree: true, characterData: true })
		performance.mark('nav-click')
		link.click()
	})
}

async function navigateOnce(browser: Browser, baseURL: string, [from, to]: Hop, prefetch: boolean) {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
	// tsx compiles functions with esbuild's keepNames, whose `__name` helper page.evaluate lacks.
	await context.addInitScript('globalThis.__name = (fn) => fn')
	try {
		const page = await context.newPage()
		await page.goto(`${baseURL}${from}`)
		await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
		const link = page.locator(`a[href="${to}"]:visible`).first()
		if ((await link.count()) === 0) return { skipped: true as const }
		let prefetched = false
		if (prefetch) {
			await link.hover()
			prefetched = await page
				.waitForFunction(
					(dataUrl) =>
						performance
							.getEntriesByType('resource')
							.some((e) => new URL(e.name).pathname === dataUrl && (e as PerformanceResourceTiming).responseEnd > 0),
					// React Router asks for `<path>.data?_routes=…`: compare the path alone.
					`${to}.data`,
					{ timeout: 3_000, polling: 50 },
				)
				.then(() => true)
				.catch(() => false)
		}
		const ms = await page.evaluate(clickAndMeasure, to)
		return { skipped: false as const, ms, prefetched }
	} finally {
		await context.close()
	}
}

export async function measureNavigation(
	baseURL: string,
	executablePath: string,
	hops: readonly Hop[],
	repeats = 3,
): Promise<NavigationTimes> {
	const browser = await chromium.launch({
		executablePath,
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
	})
	const times: NavigationTimes = { prefetched: [], cold: [], notPrefetched: [], skipped: [] }
	try {
		for (const hop of hops) {
			const name = `${hop[0]} → ${hop[1]}`
			for (let i = 0; i < repeats; i++) {
				const cold = await navigateOnce(browser, baseURL, hop, false)
				if (cold.skipped) {
					times.skipped.push(name)
					break
				}
				times.cold.push(cold.ms)
				const warm = await navigateOnce(browser, baseURL, hop, true)
				if (warm.skipped) continue
				if (!warm.prefetched && !times.notPrefetched.includes(name)) times.notPrefetched.push(name)
				times.prefetched.push(warm.ms)
			}
		}
	} finally {
		await browser.close()
	}
	return times
}

export function describeNavigation(times: NavigationTimes): string {
	const line = (label: string, values: number[]) =>
		values.length
			? `${label}: median ${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))}, n=${values.length})`
			: `${label}: no measurements`
	const lines = [line('prefetched guide → guide', times.prefetched), line('cold guide → guide', times.cold)]
	if (times.notPrefetched.length) lines.push(`no prefetch on hover for: ${times.notPrefetched.join(', ')}`)
	if (times.skipped.length) lines.push(`skipped (no visible link): ${times.skipped.join(', ')}`)
	return lines.join('\n')
}
