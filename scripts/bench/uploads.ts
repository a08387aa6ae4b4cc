// Upload stress test of the image storage (npm run bench:uploads).
//   tsx scripts/bench/uploads.ts [--files 50] [--big-mb 500] [--in-process]
// Starts the production server (`node server/index.js`; run `npm run build` first) with a temporary
// DATA_DIR and API_KEYS=bench-key, uploads --files files at once (one of --big-mb MB, generated
// while it streams, never held in memory), reads each back and compares SHA-256, checks that an
// interrupted upload leaves nothing in the list, and prints throughput, peak server RSS and
// failures. Targets: no lost or corrupted file, server RSS growth under 100 MB.
// --in-process serves just the image handlers from a bare node:http server in a child process (no
// build needed), through the same stream adapters React Router uses.
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type ProductionServer, startProductionServer } from './production-server.ts'

const API_KEY = 'bench-key'
const MB = 1024 * 1024
const RSS_BUDGET_MB = 100

const { values } = parseArgs({
	options: {
		files: { type: 'string', default: '50' },
		'big-mb': { type: 'string', default: '500' },
		'in-process': { type: 'boolean', default: false },
		// Internal: the child process started by --in-process.
		serve: { type: 'boolean', default: false },
	},
})

const print = (line = '') => process.stdout.write(`${line}\n`)

// Run on any exit, `fail()` included, newest first: stop the server, then delete its data.
const onExit: (() => void)[] = []
process.on('exit', () => {
	for (const cleanup of onExit.reverse()) cleanup()
})

function fail(message: string): never {
	process.stderr.write(`bench-uploads: ${message}\n`)
	process.exit(1)
}

function positive(name: string, raw: string): number {
	const value = Number(raw)
	if (!Number.isInteger(value) || value <= 0) fail(`--${name} must be a whole number > 0, got "${raw}"`)
	return value
}

// --- the server under test ---------------------------------------------------------------------

function startServer(dataDir: string, inProcess: boolean): Promise<ProductionServer> {
	return startProductionServer({
		args: inProcess ? ['--import', 'tsx', import.meta.filename, '--serve'] : undefined,
		env: {
			DATA_DIR: dataDir,
			API_KEYS: API_KEY,
			STORAGE: 'disk',
			DASHBOARD_PASSWORD: randomBytes(12).toString('base64url'),
			SESSION_SECRET: randomBytes(32).toString('base64url'),
			AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
		},
		ready: { path: '/api/v1/images/view?limit=1', headers: { authorization: `Bearer ${API_KEY}` } },
	})
}

async function rssMb(pid: number): Promise<number> {
	const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
	const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0)
	return kb / 1024
}

function watchRss(pid: number) {
	let peak = 0
	let stopped = false
	const loop = (async () => {
		while (!stopped) {
			peak = Math.max(peak, await rssMb(pid))
			await sleep(50)
		}
	})()
	return {
		/** The peak so far. */
		peakSoFar: () => peak,
		async stop() {
			stopped = true
			await loop
			return peak
		},
	}
}

// --- the client ----------------------------------------------------------------------------------

type Plan = { name: string; type: string; bytes: number }
type Result = Plan & { key?: string; publicUrl?: string; sha256?: string; error?: string }

/** Pseudo-random bytes from AES-CTR (fast, incompressible), produced chunk by chunk. */
async function* generate(bytes: number, hash: ReturnType<typeof createHash>) {
	const cipher = createCipheriv('aes-256-ctr', randomBytes(32), randomBytes(16))
	const zeros = Buffer.alloc(MB)
	for (let sent = 0; sent < bytes;) {
		const size = Math.min(MB, bytes - sent)
		const chunk = cipher.update(size === MB ? zeros : zeros.subarray(0, size))
		hash.update(chunk)
		sent += size
		yield chunk
	}
}

/** Our own paths are reached on the server we started, whatever origin it put in the URL. */
function onServer(url: string, base: string): string {
	const parsed = new URL(url, base)
	if (parsed.pathname.startsWith('/api/') || parsed.pathname.startsWith('/uploads/')) {
		return `${base}${parsed.pathname}${parsed.search}`
	}
	return parsed.href
}

async function createUploadUrl(base: string, name: string, type: string) {
	const response = await fetch(`${base}/api/v1/images/upload/upload-url`, {
		method: 'POST',
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ filename: name, contentType: type }),
	})
	const body = (await response.json()) as {
		uploadUrl?: string
		filename?: string
		publicUrl?: string
		error?: string
	}
	if (response.status !== 200 || !body.uploadUrl || !body.filename || !body.publicUrl) {
		throw new Error(`upload-url answered ${response.status}: ${body.error ?? JSON.stringify(body)}`)
	}
	return {
		uploadUrl: onServer(body.uploadUrl, base),
		key: body.filename,
		publicUrl: onServer(body.publicUrl, base),
	}
}

function putStream(url: string, type: string, bytes: number, chunks: AsyncIterable<Buffer>) {
	return new Promise<number>((resolve, reject) => {
		const req = httpRequest(url, {
			method: 'PUT',
			headers: { 'content-type': type, 'content-length': String(bytes) },
		})
		req.on('response', (response) => {
			response.resume()
			response.on('end', () => resolve(response.statusCode ?? 0))
		})
		req.on('error', reject)
		void (async () => {
			try {
				for await (const chunk of chunks) {
					if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained))
				}
				req.end()
			} catch (error) {
				req.destroy(error as Error)
			}
		})()
	})
}

async function uploadOne(base: string, plan: Plan): Promise<Result> {
	try {
		const created = await createUploadUrl(base, plan.name, plan.type)
		const hash = createHash('sha256')
		const status = await putStream(created.uploadUrl, plan.type, plan.bytes, generate(plan.bytes, hash))
		if (status !== 200) return { ...plan, error: `PUT answered ${status}` }
		return { ...plan, key: created.key, publicUrl: created.publicUrl, sha256: hash.digest('hex') }
	} catch (error) {
		return { ...plan, error: (error as Error).message }
	}
}

async function verifyOne(result: Result): Promise<string | null> {
	if (!result.publicUrl) return result.error ?? 'not uploaded'
	const response = await fetch(result.publicUrl)
	if (response.status !== 200 || !response.body) return `GET answered ${response.status}`
	const hash = createHash('sha256')
	let size = 0
	const reader = response.body.getReader()
	for (let read = await reader.read(); !read.done; read = await reader.read()) {
		hash.update(read.value)
		size += read.value.length
	}
	if (size !== result.bytes) return `read back ${size} bytes, sent ${result.bytes}`
	if (hash.digest('hex') !== result.sha256) return 'SHA-256 differs: the file is corrupted'
	return null
}

async function listKeys(base: string): Promise<{ keys: Set<string>; total: number }> {
	const keys = new Set<string>()
	for (let offset = 0; ; offset += 100) {
		const response = await fetch(`${base}/api/v1/images/view?limit=100&offset=${offset}`, {
			headers: { authorization: `Bearer ${API_KEY}` },
		})
		const page = (await response.json()) as {
			images: { key: string }[]
			pagination: { total: number; hasMore: boolean }
		}
		for (const image of page.images) keys.add(image.key)
		if (!page.pagination.hasMore) return { keys, total: page.pagination.total }
	}
}

/** Promises 20 MB, sends 2 MB, drops the connection. */
async function interruptedUpload(base: string): Promise<{ key: string; publicUrl: string }> {
	const created = await createUploadUrl(base, 'interrupted.png', 'image/png')
	await new Promise<void>((resolve) => {
		const req = httpRequest(created.uploadUrl, {
			method: 'PUT',
			headers: { 'content-type': 'image/png', 'content-length': String(20 * MB) },
		})
		req.on('error', () => resolve())
		req.on('close', () => resolve())
		req.write(randomBytes(2 * MB), () => setTimeout(() => req.destroy(), 200))
	})
	await sleep(500)
	return created
}

function plans(count: number, bigMb: number): Plan[] {
	const types = [
		['map.png', 'image/png'],
		['screenshot.jpg', 'image/jpeg'],
		['icon.webp', 'image/webp'],
		['guide.pdf', 'application/pdf'],
		['notes.txt', 'text/plain'],
	] as const
	return Array.from({ length: count }, (_, index) => {
		if (index === 0) return { name: 'big-map.png', type: 'image/png', bytes: bigMb * MB }
		const [name, type] = types[index % types.length]!
		// 10 KB up to about 8 MB, spread over the files; the names repeat on purpose.
		const bytes = Math.round(10_240 * 800 ** ((index - 1) / Math.max(1, count - 2)))
		return { name, type, bytes }
	})
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (bytes: number) => (bytes / MB).toFixed(1)

async function main() {
	const fileCount = positive('files', values.files)
	const bigMb = positive('big-mb', values['big-mb'])
	const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-uploads-'))
	onExit.push(() => rmSync(dataDir, { recursive: true, force: true }))
	const server = await startServer(dataDir, values['in-process'])
	const failures: string[] = []
	try {
		print(
			`Server pid ${server.pid} on ${server.url} (${values['in-process'] ? 'in-process handlers' : 'node server/index.js'}), DATA_DIR ${dataDir}`,
		)
		const baseline = await rssMb(server.pid)
		const rss = watchRss(server.pid)

		const work = plans(fileCount, bigMb)
		const totalBytes = work.reduce((sum, plan) => sum + plan.bytes, 0)
		print(`Uploading ${work.length} files at once, ${mb(totalBytes)} MB in all (largest ${bigMb} MB)…`)
		let started = performance.now()
		const results = await Promise.all(work.map((plan) => uploadOne(server.url, plan)))
		const uploadSeconds = (performance.now() - started) / 1000
		const uploadPeak = rss.peakSoFar()

		print('Reading every file back…')
		started = performance.now()
		const checks = await Promise.all(results.map((result) => verifyOne(result)))
		const readSeconds = (performance.now() - started) / 1000
		checks.forEach((problem, index) => {
			if (problem) failures.push(`${results[index]!.name} (${mb(results[index]!.bytes)} MB): ${problem}`)
		})

		const keys = results.flatMap((result) => (result.key ? [result.key] : []))
		if (new Set(keys).size !== keys.length) failures.push('two uploads got the same key')
		const listed = await listKeys(server.url)
		const missing = keys.filter((key) => !listed.keys.has(key))
		if (missing.length > 0) failures.push(`${missing.length} uploaded file(s) missing from the list`)

		print('Interrupting an upload halfway…')
		const interrupted = await interruptedUpload(server.url)
		const after = await listKeys(server.url)
		if (after.keys.has(interrupted.key)) failures.push('the interrupted upload shows in the list')
		if (after.total !== listed.total) {
			failures.push(`the list changed from ${listed.total} to ${after.total} after the interrupted upload`)
		}
		const ghost = await fetch(interrupted.publicUrl)
		await ghost.arrayBuffer()
		if (ghost.status !== 404) failures.push(`the interrupted upload is served (${ghost.status})`)

		const peak = await rss.stop()
		const growth = peak - baseline
		if (growth >= RSS_BUDGET_MB) {
			failures.push(`server RSS grew by ${growth.toFixed(0)} MB (budget ${RSS_BUDGET_MB} MB)`)
		}

		print()
		print(
			`Uploaded ${keys.length}/${work.length} files, ${mb(totalBytes)} MB in ${uploadSeconds.toFixed(1)} s: ${(totalBytes / MB / uploadSeconds).toFixed(1)} MB/s`,
		)
		print(
			`Read back ${checks.filter((c) => c === null).length}/${work.length} intact in ${readSeconds.toFixed(1)} s: ${(totalBytes / MB / readSeconds).toFixed(1)} MB/s`,
		)
		print(
			`Server RSS: ${baseline.toFixed(0)} MB at rest, ${uploadPeak.toFixed(0)} MB peak while uploading, ${peak.toFixed(0)} MB peak overall (+${growth.toFixed(0)} MB; budget ${RSS_BUDGET_MB} MB)`,
		)
		print(`Interrupted upload: ${after.keys.has(interrupted.key) || ghost.status !== 404 ? 'LEFT A FILE' : 'left nothing'}`)
		print(`Failures: ${failures.length}`)
		for (const failure of failures) print(`  - ${failure}`)
	} finally {
		await server.stop()
		await rm(dataDir, { recursive: true, force: true })
	}
	process.exit(failures.length > 0 ? 1 : 0)
}

// --- --serve: the handlers alone, for --in-process ------------------------------------------------

async function serveHandlers() {
	const { loadCredentials } = await import('#app/dashboard/server/credentials.server.ts')
	const { createImagesApi } = await import('#app/dashboard/server/images-api.server.ts')
	const { createDiskStorage } = await import('#app/dashboard/server/storage/disk-storage.server.ts')
	const { createImagesMiddleware } = await import('#server/images-middleware.ts')
	const dataDir = process.env.DATA_DIR ?? fail('DATA_DIR is not set')
	const credentials = await loadCredentials({
		dataDir,
		apiKeys: process.env.API_KEYS,
		dashboardPassword: process.env.DASHBOARD_PASSWORD,
		sessionSecret: process.env.SESSION_SECRET,
	})
	const storage = await createDiskStorage({ dataDir, secret: credentials.sessionSecret })
	const images = createImagesMiddleware(createImagesApi({ storage, apiKeys: credentials.apiKeys }), () => false)
	const server = createServer((req, res) =>
		images(req, res, (error) => {
			res.statusCode = error ? 500 : 404
			res.end(error ? 'Internal error' : 'Not found')
		}),
	)
	server.listen(Number(process.env.PORT), '127.0.0.1')
	process.on('SIGTERM', () => {
		server.close(() => process.exit(0))
		server.closeAllConnections()
	})
}

// Last, so every declaration above is initialised before it runs.
if (values.serve) await serveHandlers()
else await main()
