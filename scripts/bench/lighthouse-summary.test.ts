import { expect, test } from 'vitest'
import { type LighthouseReport, median, medianFigures, summarize, table } from './lighthouse-summary.ts'

function report(fcpTs: number): LighthouseReport {
	return {
		categories: { performance: { score: 0.98 }, accessibility: { score: 1 }, seo: { score: 1 }, 'best-practices': { score: 0.96 } },
		audits: {
			'first-contentful-paint': { numericValue: 1834.2 },
			'largest-contentful-paint': { numericValue: 1901 },
			'total-blocking-time': { numericValue: 12.4 },
			'cumulative-layout-shift': { numericValue: 0.0004 },
			metrics: { details: { items: [{ observedFirstContentfulPaintTs: fcpTs }] } },
			'network-requests': {
				details: {
					debugData: { networkStartTimeTs: 1_000_000 },
					items: [
						{ url: 'http://x/', resourceType: 'Document', transferSize: 15_000, networkRequestTime: 0 },
						{ url: 'http://x/a.js', resourceType: 'Script', transferSize: 2048, networkRequestTime: 80 },
						{ url: 'data:image/svg+xml,<svg/>', resourceType: 'Image', transferSize: 0, networkRequestTime: 90 },
						{ url: 'http://x/b.js', resourceType: 'Script', transferSize: 1024, networkRequestTime: 300 },
					],
				},
			},
		},
		environment: { benchmarkIndex: 1234.5 },
	}
}

const mainThread = { scriptingMs: 151.4, longestTaskMs: 48.6, mostScriptInOneTaskMs: 31.2 }
const withoutScripts = { scriptingMs: 0.4, longestTaskMs: 40.3, mostScriptInOneTaskMs: 0 }

test('summarizes scores, simulated timings, script KB and the requests started before the observed first paint', () => {
	const f = summarize(report(1_000_000 + 200_000), mainThread, withoutScripts)
	expect(f).toEqual({
		performance: 98,
		accessibility: 100,
		seo: 100,
		bestPractices: 96,
		fcp: 1834.2,
		lcp: 1901,
		tbt: 12.4,
		cls: 0.0004,
		jsKb: 3,
		requestsBeforePaint: 2,
		requests: 3,
		benchmarkIndex: 1234.5,
		scriptingMs: 151.4,
		longestTaskMs: 48.6,
		mostScriptInOneTaskMs: 31.2,
		longestTaskWithoutScriptsMs: 40.3,
	})
	expect(summarize(report(1_000_000 + 400_000), mainThread, withoutScripts).requestsBeforePaint).toBe(3)
})

test('medians: odd and even counts, each figure on its own', () => {
	expect(median([3, 1, 2])).toBe(2)
	expect(median([4, 1, 3, 2])).toBe(2.5)
	expect(() => median([])).toThrow()
	const runs = [200_000, 400_000, 50_000].map((t) => summarize(report(1_000_000 + t), mainThread, withoutScripts))
	runs[0]!.performance = 90
	expect(medianFigures(runs)).toMatchObject({ performance: 98, requestsBeforePaint: 2 })
})

test('the table has a row per page and says "missing" for pages the build lacks', () => {
	const text = table([
		['/', summarize(report(1_200_000), mainThread, withoutScripts)],
		['/tools/plan', undefined],
	])
	const lines = text.split('\n')
	expect(lines).toHaveLength(4)
	expect(lines[0]).toContain(
		'requests before paint | scripting 4× | longest task 4× | most script in one task 4× | longest task 4×, scripts emptied | benchmark index |',
	)
	expect(lines[2]).toBe(
		'| `/` | 98 | 100 | 100 | 96 | 1.83 s | 1.90 s | 12 ms | 0.000 | 3.0 | 2 of 3 | 151 ms | 49 ms | 31 ms | 40 ms | 1235 |',
	)
	expect(lines[1]!.match(/---/g)).toHaveLength(16)
	expect(lines[3]).toBe('| `/tools/plan` | missing | | | | | | | | | | | | | | |')
})
