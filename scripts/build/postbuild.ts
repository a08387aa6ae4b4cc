/**
 * After `react-router build`: records the sha256 of every inline script of each prerendered page
 * (the server sends them as that page's CSP) and writes brotli and gzip copies of text files.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { siteUrlWarning } from './site-url-warning.ts'

const root = path.resolve(import.meta.dirname, '../..')
const clientDir = path.join(root, 'build/client')
const COMPRESSIBLE = /\.(html|data|js|css|svg|json|txt|xml|webmanifest)$/
const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

function walk(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		return entry.isDirectory() ? walk(full) : [full]
	})
}

/** sha256 CSP sources of a document's inline scripts, in order. */
export function inlineScriptHashes(html: string): string[] {
	const hashes: string[] = []
	for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
		hashes.push(
			`sha256-${createHash('sha256')
				.update(match[1] ?? '')
				.digest('base64')}`,
		)
	}
	return hashes
}

/**
 * Hashed assets are fetched most and compressed once: worth brotli's best level (11), pages 9.
 * `PRECOMPRESS=fast` (test builds: `npm test`, CI) uses level 5 for all: the same files served the
 * same way, about a tenth of the time (brotli 11 was 128 s of a 2-core build).
 */
export function brotliQuality(file: string, env: NodeJS.ProcessEnv): number {
	if (env.PRECOMPRESS === 'fast') return 5
	return file.includes(`${path.sep}assets${path.sep}`) ? 11 : 9
}

async function main() {
	const started = performance.now()
	const files = walk(clientDir).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz'))
	const csp: Record<string, string[]> = {}
	for (const file of files.filter((f) => f.endsWith('.html'))) {
		const rel = path.relative(clientDir, file).replace(/\\/g, '/')
		const pagePath = `/${rel.replace(/(^|\/)index\.html$/, '')}`.replace(/\/$/, '') || '/'
		csp[pagePath] = [...new Set(inlineScriptHashes(readFileSync(file, 'utf8')))]
	}
	writeFileSync(path.join(root, 'build/csp-hashes.json'), JSON.stringify(csp))

	const compressible = files.filter((f) => COMPRESSIBLE.test(f) && statSync(f).size > 512)
	let saved = 0
	for (let i = 0; i < compressible.length; i += 16) {
		await Promise.all(
			compressible.slice(i, i + 16).map(async (file) => {
				const data = readFileSync(file)
				const quality = brotliQuality(file, process.env)
				const [br, gzipped] = await Promise.all([
					brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
					gz(data, { level: 9 }),
				])
				writeFileSync(`${file}.br`, br)
				writeFileSync(`${file}.gz`, gzipped)
				saved += data.length - br.length
			}),
		)
	}
	const ms = Math.round(performance.now() - started)
	console.log(
		`postbuild: ${Object.keys(csp).length} page CSPs, ${compressible.length} files precompressed (${Math.round(saved / 1024)} KB saved by brotli) in ${ms} ms`,
	)
	const warning = siteUrlWarning(process.env)
	if (warning) console.warn(warning)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
