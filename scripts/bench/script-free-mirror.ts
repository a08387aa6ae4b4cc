/**
 * The site as the browser has it before any of its scripts run: a proxy in front of the production
 * server that hands out every page's HTML with its scripts emptied, and everything else as is.
 * bench:pages traces each page through it too: the longest task of the document alone (parsing,
 * style, layout, paint) is the floor under the page's own longest task that no script can lower.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync } from 'node:zlib'

/**
 * The document with every script emptied (and its `src` dropped) and no module preloads. The empty
 * scripts stay where they were: the parser stops at an inline script as it does on the real page,
 * so the document is parsed and laid out in the same pieces.
 */
export function withoutScripts(html: string): string {
	return html
		.replace(
			/<script\b([^>]*)>[\s\S]*?<\/script>/gi,
			(_, attributes: string) => `<script${attributes.replace(/\ssrc="[^"]*"/i, '')}></script>`,
		)
		.replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
}

export type ScriptFreeMirror = { url: string; close(): Promise<void> }

export async function startScriptFreeMirror(base: string): Promise<ScriptFreeMirror> {
	const server = createServer((request, response) => {
		void (async () => {
			try {
				const upstream = await fetch(`${base}${request.url ?? '/'}`, { headers: { accept: request.headers.accept ?? '*/*' } })
				const type = upstream.headers.get('content-type') ?? 'application/octet-stream'
				let body = Buffer.from(await upstream.arrayBuffer())
				if (type.startsWith('text/html')) body = Buffer.from(withoutScripts(body.toString('utf8')))
				// Compressed as the real server sends it, so the parser gets the document at the same pace.
				const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))
				response.writeHead(upstream.status, {
					'content-type': type,
					'cache-control': upstream.headers.get('cache-control') ?? 'no-store',
					...(brotli ? { 'content-encoding': 'br' } : {}),
				})
				response.end(brotli ? brotliCompressSync(body) : body)
			} catch (error) {
				response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error))
			}
		})()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
	}
}
