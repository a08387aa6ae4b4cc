import http from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, expect, test } from 'vitest'
import {
	closeAfterUnreadBody,
	limitFormBodies,
	MAX_PAGE_SEGMENTS,
	MAX_SEGMENT_LENGTH,
	refuseAbsurdPaths,
	refuseOtherPageMethods,
	refuseUnservable,
} from './request-guards.ts'

const servers: http.Server[] = []
afterEach(() => {
	for (const server of servers.splice(0)) server.close()
})

/** The guards in front of a handler that reads the whole body (but a GET's) and echoes its size. */
async function serve() {
	const app = express()
	app.use(limitFormBodies)
	app.use(refuseAbsurdPaths)
	app.use((req, res) => {
		// Like the site's routes: nothing reads the body of a GET.
		if (req.method === 'GET' || req.method === 'HEAD') return void res.end('page')
		let size = 0
		req.on('data', (chunk: Buffer) => (size += chunk.length))
		req.on('end', () => res.end(`read ${size}`))
	})
	const server = http.createServer((req, res) => {
		closeAfterUnreadBody(req, res, req.url === '/fast')
		if (!refuseUnservable(req, res)) app(req, res)
	})
	servers.push(server)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return (server.address() as AddressInfo).port
}

function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
		const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
			let text = ''
			res.on('data', (chunk: Buffer) => (text += chunk))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
		})
		req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)))
		req.end(body)
	})
}

test('TRACE and other methods no route knows are a 405 naming the allowed ones', async () => {
	const port = await serve()
	for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'PURGE', 'SEARCH']) {
		const response = await send(port, method, '/')
		expect(response.status, method).toBe(405)
		expect(response.headers.allow).toBe('GET, HEAD, POST, PUT, DELETE, OPTIONS')
	}
	// The routes answer these themselves (405s naming what each path allows).
	for (const method of ['GET', 'DELETE', 'PATCH', 'OPTIONS']) expect((await send(port, method, '/')).status, method).toBe(200)
})

test('a URL past 8 KB is a 414 before anything reads it', async () => {
	const port = await serve()
	expect((await send(port, 'GET', `/${'/'.repeat(9000)}x`)).status).toBe(414)
	expect((await send(port, 'GET', `/?q=${'a'.repeat(9000)}`)).status).toBe(414)
	expect((await send(port, 'GET', `/?q=${'a'.repeat(8000)}`)).status).toBe(200)
})

test('a body over the form limit is a 413 from its declared length, unread; one without a length a 411', async () => {
	const port = await serve()
	const big = await send(port, 'POST', '/dev/dashboard', { 'content-length': String(64 * 1024 * 1024) }, Buffer.alloc(0))
	expect(big.status).toBe(413)
	expect(big.headers.connection).toBe('close')
	expect(big.body).toMatch(/too large/)
	const chunked = await send(port, 'POST', '/dev/dashboard', { 'transfer-encoding': 'chunked' }, Buffer.from('intent=login'))
	expect(chunked.status).toBe(411)
	const small = await send(port, 'POST', '/dev/dashboard', {}, Buffer.from('intent=login&password=x'))
	expect(small.body).toBe('read 23')
})

test('a Host header that is no host name is a 400, before any code builds a URL from it', async () => {
	const port = await serve()
	for (const host of ['a b', '[bad', 'evil.example/x', 'a@b', 'a:b:c', 'example.com:port', '%41', 'a..b']) {
		const response = await send(port, 'GET', '/', { host })
		expect(response.status, JSON.stringify(host)).toBe(400)
		expect(response.body, host).toMatch(/Host header/)
	}
	for (const host of ['guide.example', 'guide.example.', '127.0.0.1:3000', '[::1]:3000', 'localhost', 'my_host:80']) {
		expect((await send(port, 'GET', '/', { host })).status, host).toBe(200)
	}
	expect((await send(port, 'GET', '/', { host: 'guide.example', 'x-forwarded-host': 'a b' })).status).toBe(400)
})

test('a body on GET, HEAD or a fast path closes the connection after the answer; other bodies do not', async () => {
	const port = await serve()
	const withBody = { 'content-length': '5' }
	expect((await send(port, 'GET', '/', withBody, Buffer.from('hello'))).headers.connection).toBe('close')
	expect((await send(port, 'GET', '/', { 'transfer-encoding': 'chunked' }, Buffer.from('hello'))).headers.connection).toBe('close')
	expect((await send(port, 'POST', '/fast', withBody, Buffer.from('hello'))).headers.connection).toBe('close')
	expect((await send(port, 'GET', '/', { connection: 'keep-alive' })).headers.connection).toBe('keep-alive')
	expect((await send(port, 'GET', '/', { connection: 'keep-alive', 'content-length': '0' })).headers.connection).toBe('keep-alive')
	expect(
		(await send(port, 'POST', '/dev/dashboard', { ...withBody, connection: 'keep-alive' }, Buffer.from('hello'))).headers.connection,
	).toBe('keep-alive')
})

test('paths deeper or with longer segments than any page are a 404 at once', async () => {
	const port = await serve()
	const deep = (n: number, separator = '/') => `/x${`${separator}a`.repeat(n - 1)}`
	expect((await send(port, 'GET', deep(MAX_PAGE_SEGMENTS))).status).toBe(200)
	for (const path of [
		deep(MAX_PAGE_SEGMENTS + 1),
		deep(4000),
		deep(2000, '%2F'),
		deep(2000, '%5c'),
		deep(4000, '\\'),
		`/x${'/'.repeat(4000)}a`,
		`/x/${'a'.repeat(MAX_SEGMENT_LENGTH + 1)}`,
	]) {
		const started = performance.now()
		const response = await send(port, 'GET', path)
		expect(response.status, path.slice(0, 40)).toBe(404)
		expect(response.body).toMatch(/^Not Found: no page here/)
		expect(performance.now() - started).toBeLessThan(500)
	}
	expect((await send(port, 'GET', `/x/${'a'.repeat(MAX_SEGMENT_LENGTH)}`)).status).toBe(200)
})

test('a large body on a GET: the answer arrives whole, then the connection closes without taking the body', async () => {
	const port = await serve()
	const declared = 1024 * 1024 * 1024
	const { answer, written, closedAfterMs } = await new Promise<{ answer: string; written: number; closedAfterMs: number }>((resolve) => {
		const socket = connect(port, '127.0.0.1')
		const chunk = Buffer.alloc(256 * 1024, 'a')
		const started = performance.now()
		let written = 0
		let answer = ''
		const timer = setTimeout(() => socket.destroy(), 5000)
		socket.on('data', (data) => (answer += data.toString('latin1')))
		socket.on('error', () => undefined)
		socket.on('close', () => {
			clearTimeout(timer)
			resolve({ answer, written, closedAfterMs: performance.now() - started })
		})
		socket.on('connect', () => {
			socket.write(`GET / HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n`)
			const pump = () => {
				while (!socket.destroyed && socket.writable) {
					written += chunk.length
					if (!socket.write(chunk)) return void socket.once('drain', pump)
				}
			}
			pump()
		})
	})
	expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
	expect(answer).toMatch(/\r\nConnection: close\r\n/i)
	expect(answer).toMatch(/\r\n\r\npage$/)
	expect(closedAfterMs).toBeLessThan(4000)
	expect(written).toBeLessThan(declared / 4)
})

/** A route manifest shaped like a server build's: root, a form page, a plain page, a layout with a form on its index. */
const ROUTES = {
	root: { id: 'root', path: '', module: {} },
	feedback: { id: 'feedback', parentId: 'root', path: 'feedback', module: { action: () => null } },
	player: { id: 'player', parentId: 'root', path: 'players/:name', module: { action: () => null } },
	quests: { id: 'quests', parentId: 'root', path: 'quests', module: {} },
	dashboard: { id: 'dashboard', parentId: 'root', path: 'dev/dashboard', module: {} },
	'dashboard-index': { id: 'dashboard-index', parentId: 'dashboard', index: true, module: { action: () => null } },
	'not-found': { id: 'not-found', parentId: 'root', path: '*', module: {} },
}

test('pages take GET, HEAD and POST only: PUT, DELETE, PATCH are a 405 with what the page allows, OPTIONS says it', async () => {
	const app = express()
	app.use(refuseOtherPageMethods(async () => ROUTES))
	app.use((req, res) => void res.end(`reached ${req.method}`))
	const server = http.createServer(app)
	servers.push(server)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const ask = async (method: string, path: string) => {
		const response = await fetch(base + path, { method })
		return { status: response.status, allow: response.headers.get('allow'), body: await response.text() }
	}

	for (const method of ['GET', 'HEAD', 'POST']) expect((await ask(method, '/feedback')).status).toBe(200)
	expect(await ask('PUT', '/feedback')).toEqual({
		status: 405,
		allow: 'GET, HEAD, POST',
		body: 'Method PUT is not allowed here: this page answers GET, HEAD, POST.\n',
	})
	expect(await ask('DELETE', '/players/zezima')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' })
	expect(await ask('PATCH', '/quests')).toMatchObject({ status: 405, allow: 'GET, HEAD' })
	expect(await ask('PUT', '/no/such/page')).toMatchObject({ status: 405, allow: 'GET, HEAD' })
	// React Router's rules for where a POST goes: `.data` names the page; an index route only with `?index`.
	expect(await ask('PUT', '/feedback.data')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' })
	expect(await ask('PUT', '/dev/dashboard?index')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' })
	expect(await ask('PUT', '/dev/dashboard')).toMatchObject({ status: 405, allow: 'GET, HEAD' })
	expect(await ask('OPTIONS', '/feedback')).toEqual({ status: 204, allow: 'GET, HEAD, POST', body: '' })
	expect(await ask('OPTIONS', '/quests')).toEqual({ status: 204, allow: 'GET, HEAD', body: '' })
})
