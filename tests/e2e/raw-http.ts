import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string; ms: number }

export type RawRequest = {
	method?: string
	/** Sent exactly as given (no normalisation), e.g. `/\evil.example/`. */
	path: string
	headers?: Record<string, string | string[]>
	/** Written in this order; the server may answer and close before all of them are sent. */
	body?: Buffer | string | Iterable<Buffer>
}

/**
 * One HTTP/1.1 request with nothing normalised: the path, the method and the headers go out as
 * given, which `fetch` and Playwright's client don't allow. Resolves with the answer even when the
 * server closed the connection while the body was still being written (a 413 that stops reading).
 */
export function rawRequest(baseURL: string, options: RawRequest): Promise<RawResponse> {
	const { hostname, port } = new URL(baseURL)
	const started = performance.now()
	return new Promise((resolve, reject) => {
		const req = httpRequest({
			hostname,
			port,
			method: options.method ?? 'GET',
			path: options.path,
			headers: options.headers,
			agent: false,
		})
		let answered = false
		req.on('response', (res) => {
			answered = true
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('error', () => finish())
			res.on('end', finish)
			function finish() {
				resolve({
					status: res.statusCode ?? 0,
					headers: res.headers,
					body: Buffer.concat(chunks).toString('utf8'),
					ms: performance.now() - started,
				})
			}
		})
		req.on('error', (error: NodeJS.ErrnoException) => {
			// Writing into a connection the server has closed after answering.
			if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
				if (!answered) setTimeout(() => (answered ? undefined : reject(error)), 1000)
				return
			}
			reject(error)
		})
		void writeBody(req, options.body)
	})
}

async function writeBody(req: ReturnType<typeof httpRequest>, body: RawRequest['body']) {
	if (body === undefined) return req.end()
	if (typeof body === 'string' || Buffer.isBuffer(body)) return req.end(body)
	for (const chunk of body) {
		if (req.destroyed) return
		if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve).once('close', resolve))
	}
	req.end()
}

/** Resident memory of a process in MB (Linux `/proc`). */
export async function residentMb(pid: number): Promise<number> {
	const { readFile } = await import('node:fs/promises')
	const status = await readFile(`/proc/${pid}/status`, 'utf8')
	const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
	return kb / 1024
}
