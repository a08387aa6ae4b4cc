/**
 * The measurement behind docs/decisions/0008-site-search-minisearch.md: MiniSearch, FlexSearch,
 * Orama and Pagefind over the same content, on this machine.
 *
 *   cd scripts/bench/search-libraries && npm ci && cd ../../.. && npm run build
 *   npx tsx scripts/bench/search-libraries/compare.ts
 *
 * For MiniSearch, FlexSearch and Orama: the documents of app/generated/search/search-index.json
 * (what our build indexes), the same fields and boosts; the payload is what the browser would fetch
 * (index + stored documents for titles and excerpts), brotli-compressed; the library's own code is
 * bundled and minified with esbuild. Pagefind indexes the prerendered HTML in build/client (its
 * intended use, `<main>` as the body) and is queried in Chromium, counting the bytes it fetches.
 */
import { createServer } from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { create, insertMultiple, load as oramaLoad, save as oramaSave, search as oramaSearch } from '@orama/orama'
import { chromium } from '@playwright/test'
import { build } from 'esbuild'
import FlexSearch from 'flexsearch'
import MiniSearch from 'minisearch'
import * as pagefind from 'pagefind'
import { buildPayload, loadSiteSearch } from '../../../app/search/search-engine.ts'
import type { SearchPayload } from '../../../app/search/search-types.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const here = import.meta.dirname
const documents = (JSON.parse(readFileSync(path.join(root, 'app/generated/search/search-index.json'), 'utf8')) as SearchPayload).documents
const withIds = documents.map((d, id) => ({
	id,
	title: d.title,
	keywords: (d.keywords ?? []).join(' '),
	context: d.context ?? '',
	text: d.text,
}))

/** The query, and what its first result must be (a title, or for Pagefind the page it is on). */
const CHECKS: { query: string; title: RegExp }[] = [
	{ query: 'wgs', title: /^While Guthix Sleeps/ },
	{ query: 'dt', title: /^Desert Treasure/ },
	{ query: 'rfd', title: /^Recipe for Disaster/ },
	{ query: 'prifdinas', title: /Prifddinas/ },
	{ query: 'overl', title: /^Overloads/ },
	{ query: 'necro', title: /^Necromancy/ },
	{ query: 'necromnacy', title: /^Necromancy/ },
	{ query: 'action bar', title: /Action Bar/i },
]
const RUNS = 5

const br = (data: string | Uint8Array) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

function timeIt<T>(run: () => T): { value: T; ms: number } {
	const times: number[] = []
	let value!: T
	for (let i = 0; i < RUNS; i++) {
		const started = performance.now()
		value = run()
		times.push(performance.now() - started)
	}
	return { value, ms: median(times) }
}

async function timeAsync<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
	const times: number[] = []
	let value!: T
	for (let i = 0; i < RUNS; i++) {
		const started = performance.now()
		value = await run()
		times.push(performance.now() - started)
	}
	return { value, ms: median(times) }
}

/** Minified, brotli-compressed size of the library code an entry module needs. */
async function bundleSize(entry: string): Promise<number> {
	const result = await build({
		stdin: { contents: entry, resolveDir: here, loader: 'ts' },
		bundle: true,
		minify: true,
		format: 'esm',
		platform: 'browser',
		write: false,
		logLevel: 'silent',
	})
	return br(result.outputFiles[0]!.contents)
}

type Row = {
	name: string
	codeBytes: number
	payloadRaw: number
	payloadBr: number
	buildMs: number
	loadMs: number
	queryMs: number
	top: string[]
	/** Cold query bytes measured in a browser (Pagefind only). */
	coldBytes?: number
	tenQueryBytes?: number
}

function scoreTop(top: string[]): string {
	return `${CHECKS.filter((c, i) => c.title.test(top[i] ?? '')).length}/${CHECKS.length}`
}

async function miniSearchRow(): Promise<Row> {
	const built = timeIt(() => JSON.stringify(buildPayload(documents)))
	const loaded = await timeAsync(() => loadSiteSearch(JSON.parse(built.value) as SearchPayload))
	const times: number[] = []
	const top = CHECKS.map(({ query }) => {
		const started = performance.now()
		const outcome = loaded.value.search(query)
		times.push(performance.now() - started)
		return outcome.groups[0]?.hits[0]?.name ?? ''
	})
	return {
		name: 'MiniSearch 7.2.0 (ours: + exact-alias rule)',
		codeBytes: await bundleSize(`import MiniSearch from 'minisearch'; console.log(MiniSearch)`),
		payloadRaw: built.value.length,
		payloadBr: br(built.value),
		buildMs: built.ms,
		loadMs: loaded.ms,
		queryMs: median(times),
		top,
	}
}

async function miniSearchPlainRow(): Promise<Row> {
	const options = { fields: ['title', 'keywords', 'context', 'text'], idField: 'id' }
	const built = timeIt(() => {
		const index = new MiniSearch(options)
		index.addAll(withIds)
		return JSON.stringify({ documents, index })
	})
	const loaded = timeIt(() => MiniSearch.loadJSON(JSON.stringify((JSON.parse(built.value) as { index: unknown }).index), options))
	const times: number[] = []
	const top = CHECKS.map(({ query }) => {
		const started = performance.now()
		const results = loaded.value.search(query, {
			boost: { title: 4, keywords: 6, context: 0.5 },
			prefix: true,
			fuzzy: 0.2,
		})
		times.push(performance.now() - started)
		return documents[results[0]?.id as number]?.title ?? ''
	})
	return {
		name: 'MiniSearch 7.2.0 (library alone)',
		codeBytes: await bundleSize(`import MiniSearch from 'minisearch'; console.log(MiniSearch)`),
		payloadRaw: built.value.length,
		payloadBr: br(built.value),
		buildMs: built.ms,
		loadMs: loaded.ms,
		queryMs: median(times),
		top,
	}
}

async function flexSearchRow(): Promise<Row> {
	const options = {
		tokenize: 'forward' as const,
		encoder: FlexSearch.Charset.LatinAdvanced,
		document: {
			id: 'id',
			index: ['title', 'keywords', 'context', 'text'],
			store: ['title', 'context', 'text'],
		},
	}
	const createIndex = () => {
		const index = new FlexSearch.Document(options as never)
		for (const doc of withIds) index.add(doc as never)
		return index
	}
	const built = await timeAsync(async () => {
		const index = createIndex()
		const parts: Record<string, string> = {}
		await index.export((key: string, data: string) => {
			parts[key] = data
		})
		return JSON.stringify(parts)
	})
	const loaded = timeIt(() => {
		const index = new FlexSearch.Document(options as never)
		for (const [key, data] of Object.entries(JSON.parse(built.value) as Record<string, string>)) index.import(key, data)
		return index
	})
	const index = createIndex()
	const times: number[] = []
	const top = CHECKS.map(({ query }) => {
		const started = performance.now()
		const results = index.search(query, {
			limit: 10,
			suggest: true,
			merge: true,
		} as never) as unknown as { id: number }[]
		times.push(performance.now() - started)
		return documents[results[0]?.id as number]?.title ?? ''
	})
	void loaded
	return {
		name: 'FlexSearch 0.8.212',
		codeBytes: await bundleSize(`import FlexSearch from 'flexsearch'; console.log(FlexSearch.Document, FlexSearch.Charset)`),
		payloadRaw: built.value.length,
		payloadBr: br(built.value),
		buildMs: built.ms,
		loadMs: loaded.ms,
		queryMs: median(times),
		top,
	}
}

async function oramaRow(): Promise<Row> {
	const schema = { title: 'string', keywords: 'string', context: 'string', text: 'string' } as const
	const built = await timeAsync(async () => {
		const db = create({ schema })
		await insertMultiple(
			db,
			withIds.map(({ id, ...doc }) => ({ ...doc, id: String(id) })),
		)
		return { db, json: JSON.stringify(oramaSave(db)) }
	})
	const loaded = timeIt(() => {
		const db = create({ schema })
		oramaLoad(db, JSON.parse(built.value.json))
		return db
	})
	const times: number[] = []
	const top: string[] = []
	for (const { query } of CHECKS) {
		const started = performance.now()
		const results = await oramaSearch(built.value.db, {
			term: query,
			tolerance: 1,
			boost: { title: 4, keywords: 6, context: 0.5 },
			limit: 10,
		})
		times.push(performance.now() - started)
		top.push((results.hits[0]?.document as { title?: string } | undefined)?.title ?? '')
	}
	return {
		name: 'Orama 3.1.18',
		codeBytes: await bundleSize(`import { create, load, search } from '@orama/orama'; console.log(create, load, search)`),
		payloadRaw: built.value.json.length,
		payloadBr: br(built.value.json),
		buildMs: built.ms,
		loadMs: loaded.ms,
		queryMs: median(times),
		top,
	}
}

function walk(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const full = path.join(dir, e.name)
		return e.isDirectory() ? walk(full) : [full]
	})
}

async function pagefindRow(): Promise<Row> {
	const clientDir = path.join(root, 'build/client')
	const pages = walk(clientDir).filter((f) => f.endsWith('index.html') && !f.includes(`${path.sep}dev${path.sep}`))
	const outDir = mkdtempSync(path.join(tmpdir(), 'pagefind-'))
	const started = performance.now()
	const { index } = await pagefind.createIndex({ forceLanguage: 'en' })
	if (!index) throw new Error('pagefind: no index')
	for (const file of pages) {
		const url = `/${path.relative(clientDir, file).replace(/index\.html$/, '')}`.replace(/\/$/, '') || '/'
		// Only the page's own content counts, as `data-pagefind-body` on <main> would do on the site.
		const content = readFileSync(file, 'utf8').replace('<main', '<main data-pagefind-body')
		await index.addHTMLFile({ url, content })
	}
	await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') })
	const buildMs = performance.now() - started
	await pagefind.close()
	const files = walk(path.join(outDir, 'pagefind'))
	const totalBytes = files.reduce((n, f) => n + statSync(f).size, 0)

	// Query it in Chromium, as a reader would: its script, its WebAssembly, index chunks, fragments.
	const server = createServer((req, res) => {
		const file = path.join(outDir, decodeURIComponent((req.url ?? '/').split('?')[0]!))
		try {
			const body = req.url === '/' ? Buffer.from('<!doctype html><title>t</title>') : readFileSync(file)
			const type = file.endsWith('.js')
				? 'text/javascript'
				: file.endsWith('.wasm')
					? 'application/wasm'
					: req.url === '/'
						? 'text/html'
						: 'application/octet-stream'
			res.writeHead(200, { 'content-type': type, 'content-length': body.length })
			res.end(body)
		} catch {
			res.writeHead(404).end()
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.address() as { port: number }).port
	const browser = await chromium.launch({
		executablePath: '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu'],
	})
	try {
		const page = await browser.newPage()
		const bytes: number[] = []
		page.on('requestfinished', (r) => void r.sizes().then((s) => bytes.push(s.responseBodySize + s.responseHeadersSize)))
		await page.goto(`http://127.0.0.1:${port}/`)
		await page.waitForTimeout(200)
		const beforeQueries = bytes.length
		const run = (query: string) =>
			page.evaluate(async (q) => {
				const w = window as unknown as {
					pf?: {
						search: (q: string) => Promise<{ results: { data: () => Promise<{ meta: { title: string } }> }[] }>
					}
				}
				w.pf ??= await import(`/pagefind/pagefind.js`)
				const t = performance.now()
				const found = await w.pf.search(q)
				const data = await Promise.all(found.results.slice(0, 6).map((r) => r.data()))
				return { ms: performance.now() - t, title: data[0]?.meta.title ?? '' }
			}, query)
		const cold = await run(CHECKS[0]!.query)
		await page.waitForTimeout(300)
		const coldBytes = bytes.slice(beforeQueries).reduce((a, b) => a + b, 0)
		const afterCold = bytes.length
		const results = [cold]
		for (const { query } of CHECKS.slice(1)) results.push(await run(query))
		await page.waitForTimeout(300)
		const moreBytes = bytes.slice(afterCold).reduce((a, b) => a + b, 0)
		return {
			name: 'Pagefind 1.6.0 (built HTML; payload = all files written)',
			codeBytes: 0,
			payloadRaw: totalBytes,
			payloadBr: NaN,
			buildMs,
			loadMs: NaN,
			queryMs: median(results.slice(1).map((r) => r.ms)),
			top: results.map((r) => r.title),
			coldBytes,
			tenQueryBytes: moreBytes,
		}
	} finally {
		await browser.close()
		server.close()
	}
}

const rows = [await miniSearchRow(), await miniSearchPlainRow(), await flexSearchRow(), await oramaRow(), await pagefindRow()]
const f = (n: number, unit = '') => (Number.isNaN(n) ? '-' : `${n.toFixed(1)}${unit}`)
console.log(`${documents.length} documents; queries: ${CHECKS.map((c) => c.query).join(', ')}; medians of ${RUNS} runs\n`)
for (const row of rows) {
	console.log(row.name)
	console.log(
		`  code ${row.codeBytes ? kb(row.codeBytes) : '-'} (min+br) | payload ${kb(row.payloadRaw)} raw, ${Number.isNaN(row.payloadBr) ? '-' : kb(row.payloadBr)} br | build ${f(row.buildMs, ' ms')} | load ${f(row.loadMs, ' ms')} | query ${f(row.queryMs, ' ms')}`,
	)
	if (row.coldBytes !== undefined)
		console.log(`  browser: first query fetched ${kb(row.coldBytes)}, the next ${CHECKS.length - 1} queries ${kb(row.tenQueryBytes ?? 0)}`)
	console.log(`  first result right: ${scoreTop(row.top)} — ${CHECKS.map((c, i) => `${c.query} → ${row.top[i] || '(none)'}`).join('; ')}`)
}
