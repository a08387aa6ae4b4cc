// Deep paths against the server (npm run bench:paths, which sets NODE_ENV=production before React
// loads; run `npm run build` first):
//   1. React Router alone (the server build, in-process, no HTTP guard) answering a path of N short
//      segments with route discovery "lazy" and "initial": the cost decision 0012 is about.
//   2. The production server answering worst-case path shapes up to the URL limit (median of 5).
import { readdirSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { startProductionServer } from './production-server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const URL_LIMIT = 8 * 1024

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function reactRouterAlone() {
	const assets = path.join(ROOT, 'build/server/assets')
	const file = readdirSync(assets).find((name) => name.startsWith('server-build'))
	if (!file) throw new Error('no server build: run `npm run build` first.')
	const loaded = (await import(path.join(assets, file))) as { t?: ServerBuild } & ServerBuild
	const build = loaded.t ?? loaded
	console.log('React Router alone (no HTTP guard), median of 3, ms:')
	console.log('  segments     lazy  initial')
	const modes = ['lazy', 'initial'] as const
	const handlers = modes.map((mode) =>
		createRequestHandler({ ...build, routeDiscovery: { mode, manifestPath: '/__manifest' } }, 'production'),
	)
	for (const handler of handlers) await (await handler(new Request('http://x/warm-up'), new RouterContextProvider())).text()
	for (const segments of [16, 1000, 2000, 4000]) {
		const url = `http://x/x${'/a'.repeat(segments - 1)}`
		const row: string[] = []
		for (const handler of handlers) {
			const times: number[] = []
			for (let i = 0; i < 3; i++) {
				const started = performance.now()
				const response = await handler(new Request(url, { headers: { 'user-agent': 'bench' } }), new RouterContextProvider())
				await response.text()
				times.push(performance.now() - started)
			}
			row.push(median(times).toFixed(0).padStart(7))
		}
		console.log(`  ${String(segments).padStart(8)}  ${row.join('  ')}`)
	}
}

function get(url: string, target: string) {
	const { hostname, port } = new URL(url)
	return new Promise<{ status: number; ms: number }>((resolve, reject) => {
		const started = performance.now()
		const req = request({ hostname, port, path: target, agent: false }, (res) => {
			res.resume()
			res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
		})
		req.on('error', reject)
		req.end()
	})
}

async function overHttp() {
	const fill = (prefix: string, unit: string) => prefix + unit.repeat(Math.floor((URL_LIMIT - 16 - prefix.length) / unit.length))
	const server = await startProductionServer()
	try {
		console.log('\nProduction server, worst-case shapes up to the URL limit, median of 5:')
		for (const [name, target] of [
			['4,000 short segments', fill('/x', '/a')],
			['short segments under /search', fill('/search', '/a')],
			['encoded slashes', fill('/x', '%2fa')],
			['backslashes', fill('/x', '\\a')],
			['dot segments', fill('/x', '/.')],
			['one 8 KB segment', fill('/', 'a')],
			['a real 404 (for comparison)', '/setup/no-such-page'],
			['a prerendered guide (for comparison)', '/guides/mid-game/prifddinas'],
		] as const) {
			const results = []
			for (let i = 0; i < 5; i++) results.push(await get(server.url, target))
			const ms = median(results.map((r) => r.ms))
			console.log(`  ${name.padEnd(38)} ${results[0]!.status}  ${ms.toFixed(1)} ms`)
		}
	} finally {
		await server.stop()
	}
}

await reactRouterAlone()
await overHttp()
