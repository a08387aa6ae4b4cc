/**
 * `npm run bench:pages`: builds, serves the production site and runs Lighthouse (mobile) with
 * Debian's Chromium on a few pages; prints scores, LCP, TBT, CLS and JS/CSS transferred.
 * `--no-build` reuses the current build.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ensureChromium } from '../dev/ensure-browser.ts'

const root = path.resolve(import.meta.dirname, '../..')
const PAGES = ['/', '/setup/client-setup', '/getting-started/intro', '/getting-started/tick-system', '/guides/mid-game/while-guthix-sleeps']
const PORT = 4180
const outDir = path.join(root, 'bench-results')

type Audit = { numericValue?: number; details?: { items?: Array<{ resourceType?: string; transferSize?: number }> } }
type Report = { categories: Record<string, { score: number }>; audits: Record<string, Audit> }

async function waitFor(url: string) {
	for (let i = 0; i < 100; i++) {
		try {
			if ((await fetch(url)).ok) return
		} catch {
			// not up yet
		}
		await new Promise((r) => setTimeout(r, 200))
	}
	throw new Error(`server did not start: ${url}`)
}

async function main() {
	const chromium = ensureChromium()
	const lighthouseDir = path.join(root, 'scripts/bench/lighthouse')
	if (!existsSync(path.join(lighthouseDir, 'node_modules/lighthouse'))) {
		execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: lighthouseDir, stdio: 'inherit' })
	}
	if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
	mkdirSync(outDir, { recursive: true })

	const server = spawn('node', ['server/index.js'], {
		cwd: root,
		env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: path.join(outDir, 'data') },
		stdio: 'ignore',
	})
	try {
		await waitFor(`http://127.0.0.1:${PORT}/robots.txt`)
		const rows: string[] = []
		for (const page of PAGES) {
			const file = path.join(outDir, `lighthouse${page === '/' ? '-home' : page.replace(/\//g, '-')}.json`)
			execFileSync(
				path.join(lighthouseDir, 'node_modules/.bin/lighthouse'),
				[
					`http://127.0.0.1:${PORT}${page}`,
					'--output=json',
					`--output-path=${file}`,
					'--quiet',
					'--only-categories=performance,accessibility,seo,best-practices',
					'--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
				],
				{ env: { ...process.env, CHROME_PATH: chromium }, stdio: 'inherit' },
			)
			const report = JSON.parse(readFileSync(file, 'utf8')) as Report
			const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100)
			const items = report.audits['network-requests']?.details?.items ?? []
			const kb = (type: string) =>
				(items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024).toFixed(1)
			rows.push(
				[
					page.padEnd(40),
					String(score('performance')).padStart(4),
					String(score('accessibility')).padStart(5),
					String(score('seo')).padStart(4),
					String(score('best-practices')).padStart(4),
					`${Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0)} ms`.padStart(8),
					`${Math.round(report.audits['total-blocking-time']?.numericValue ?? 0)} ms`.padStart(7),
					(report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(6),
					`${kb('Script')} KB`.padStart(9),
					`${kb('Stylesheet')} KB`.padStart(8),
				].join(' '),
			)
		}
		console.log(`\nLighthouse, mobile (reports in bench-results/)`)
		console.log(`${'page'.padEnd(40)} perf  a11y  seo   bp      LCP     TBT    CLS        JS      CSS`)
		for (const row of rows) console.log(row)
	} finally {
		server.kill()
	}
}

await main()
