import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'
import type { Env } from '#app/server/env.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { contentSecurityPolicy } from './http-headers.ts'
import { type ByteRange, parseRange } from '#app/server/http-range.server.ts'

const CONTENT_TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.data': 'text/x-script; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.gif': 'image/gif',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.ico': 'image/x-icon',
	'.mp3': 'audio/mpeg',
	'.wav': 'audio/wav',
	'.mp4': 'video/mp4',
	'.webm': 'video/webm',
	'.vtt': 'text/vtt; charset=utf-8',
	'.woff2': 'font/woff2',
	'.webmanifest': 'application/manifest+json',
}

type StaticFile = { file: string; size: number; etag: string; br: boolean; gz: boolean }

/** CSP hashes of each prerendered page's inline scripts, written by scripts/build/postbuild.ts. */
type CspHashes = Record<string, string[]>

function indexFiles(dir: string, prefix = ''): Map<string, StaticFile> {
	const files = new Map<string, StaticFile>()
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const rel = `${prefix}/${entry.name}`
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) {
			for (const [key, value] of indexFiles(full, rel)) files.set(key, value)
		} else if (!entry.name.endsWith('.br') && !entry.name.endsWith('.gz')) {
			const stat = statSync(full)
			files.set(rel, {
				file: full,
				size: stat.size,
				etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
				br: existsSync(`${full}.br`),
				gz: existsSync(`${full}.gz`),
			})
		}
	}
	return files
}

/**
 * Serves build/client: hashed assets, public files and prerendered pages (brotli or gzip
 * precompressed when the browser accepts it), with the per-page CSP of prerendered HTML.
 */
export function staticFiles(clientDir: string, cspFile: string, env: Env) {
	const files = indexFiles(clientDir)
	const hashes: CspHashes = existsSync(cspFile) ? JSON.parse(readFileSync(cspFile, 'utf8')) : {}

	return function serveStatic(req: Request, res: Response, next: NextFunction) {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		let pathname: string
		try {
			pathname = decodeURIComponent(req.path)
		} catch {
			return next()
		}
		const pagePath = pathname === '/' ? '' : pathname
		const key = files.has(pathname) ? pathname : `${pagePath}/index.html`
		const found = files.get(key)
		if (!found || key.includes('/../')) return next()
		// The quest catalogue reads its filters from the query: with one, the server renders it,
		// so /quests?q=dt is right without JavaScript. Other pages ignore queries (e.g. ?utm_…).
		if (pagePath === '/quests' && key.endsWith('.html') && req.originalUrl.includes('?')) return next()

		const ext = path.extname(key)
		const isPage = ext === '.html' || ext === '.data'
		res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
		res.setHeader(
			'Cache-Control',
			key.startsWith('/assets/') ? CACHE_CONTROL.immutable : isPage ? CACHE_CONTROL.page : CACHE_CONTROL.static,
		)
		res.setHeader('ETag', found.etag)
		res.setHeader('Vary', 'Accept-Encoding')
		if (ext === '.html') {
			res.setHeader('Content-Security-Policy', contentSecurityPolicy(env, { hashes: hashes[pagePath || '/'] ?? [] }))
		}
		if (req.headers['if-none-match'] === found.etag) {
			res.status(304).end()
			return
		}
		const accepts = String(req.headers['accept-encoding'] ?? '')
		let file = found.file
		let size = found.size
		if (found.br && /\bbr\b/.test(accepts)) {
			file = `${found.file}.br`
			res.setHeader('Content-Encoding', 'br')
		} else if (found.gz && /\bgzip\b/.test(accepts)) {
			file = `${found.file}.gz`
			res.setHeader('Content-Encoding', 'gzip')
		}
		if (file !== found.file) size = statSync(file).size
		// Byte ranges of uncompressed files, which media players (Safari's above all) need to seek.
		let range: ByteRange | undefined
		if (file === found.file) {
			res.setHeader('Accept-Ranges', 'bytes')
			const ifRange = req.headers['if-range']
			const parsed = req.headers.range && (!ifRange || ifRange === found.etag) ? parseRange(req.headers.range, size) : null
			if (parsed === 'unsatisfiable') {
				res.setHeader('Content-Range', `bytes */${size}`)
				res.status(416).end()
				return
			}
			if (parsed) {
				range = parsed
				res.status(206)
				res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
				size = range.end - range.start + 1
			}
		}
		res.setHeader('Content-Length', size)
		if (req.method === 'HEAD') {
			res.end()
			return
		}
		createReadStream(file, range)
			.on('error', (error) => next(error))
			.pipe(res)
	}
}
