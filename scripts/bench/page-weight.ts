/**
 * What a prerendered page of the built site makes the browser download: its HTML (which carries
 * the route data inline; its inline stylesheet is counted as CSS), the JS and CSS it links or names, and the lazy chunks it loads on view (the
 * widgets it renders), each counted once, brotli-compressed as the server sends them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

export interface PageWeight {
	path: string
	html: number
	css: number
	js: number
	/** Brotli size of the `.data` file a client-side navigation to the page fetches instead. */
	navigationData: number | undefined
	/** Every JS and CSS file counted, relative to the client folder. */
	files: string[]
}

/** The size the server sends: the precompressed `.br` when postbuild wrote one. */
export function brotliSize(file: string): number {
	if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size
	const data = readFileSync(file)
	return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
}

const STATIC_IMPORT = /\b(?:from|import)\s*(["'])\.\/([\w.-]+\.js)\1/g

/** A chunk and everything it imports statically (not its `import()`s), as asset paths. */
function staticGraph(clientDir: string, asset: string, seen: Set<string>) {
	if (seen.has(asset)) return
	const file = path.join(clientDir, asset)
	if (!existsSync(file)) return
	seen.add(asset)
	const dir = path.posix.dirname(asset)
	for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
		staticGraph(clientDir, path.posix.join(dir, match[2]!), seen)
	}
}

function attribute(tag: string, name: string): string | undefined {
	return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
}

/** The lazy chunk Vite wrote for a module named `name` (`quest-requirements-AbCd1234.js`). */
function findChunk(assets: readonly string[], name: string) {
	const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
	const pattern = new RegExp(`^${escaped}-[\\w-]{8}\\.js$`)
	const found = assets.find((a) => pattern.test(a))
	return found ? `assets/${found}` : undefined
}

/**
 * Measures `pagePath` (e.g. `/quests/desert-treasure`) in `clientDir` (build/client), counting
 * the lazy chunks named in `lazyChunks` (module file names without the extension) as loaded.
 * Undefined when the page was not prerendered.
 */
export function measurePage(clientDir: string, pagePath: string, lazyChunks: readonly string[]): PageWeight | undefined {
	const htmlFile = path.join(clientDir, pagePath === '/' ? '' : pagePath, 'index.html')
	if (!existsSync(htmlFile)) return undefined
	const html = readFileSync(htmlFile, 'utf8')
	const js = new Set<string>()
	const css = new Set<string>()
	for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
		const href = attribute(tag, 'href') ?? attribute(tag, 'src')
		if (!href?.startsWith('/assets/')) continue
		const asset = href.slice(1)
		if (/\brel="stylesheet"/.test(tag)) css.add(asset)
		else if (asset.endsWith('.js')) staticGraph(clientDir, asset, js)
	}
	// Hydration code named inside scripts: the module script's imports, and the list of preloads
	// the after-paint loader adds (docs/decisions/0010-first-paint.md).
	for (const script of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
		for (const [, asset] of script[1]!.matchAll(/["']\/(assets\/[\w.-]+\.js)["']/g)) staticGraph(clientDir, asset!, js)
	}
	const assetsDir = path.join(clientDir, 'assets')
	const assets = existsSync(assetsDir) ? readdirSync(assetsDir) : []
	for (const name of lazyChunks) {
		const chunk = findChunk(assets, name)
		if (chunk) staticGraph(clientDir, chunk, js)
	}
	const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + brotliSize(path.join(clientDir, f)), 0)
	// The stylesheet inlined in the document (decision 0010) counts as CSS, not as HTML.
	const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('')
	const inlineCssSize = inlineCss ? brotliCompressSync(inlineCss, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length : 0
	const dataFile = path.join(clientDir, `${pagePath === '/' ? '/_root' : pagePath}.data`)
	return {
		path: pagePath,
		html: brotliSize(htmlFile),
		css: sum(css) + inlineCssSize,
		js: sum(js),
		navigationData: existsSync(dataFile) ? brotliSize(dataFile) : undefined,
		files: [...js, ...css].sort(),
	}
}
