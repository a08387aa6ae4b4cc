import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, expect, test } from 'vitest'
import { limitFormBodies, refuseUnservable } from './request-guards.ts'

const servers: http.Server[] = []
afterEach(() => {
	for (const server of servers.splice(0)) server.close()
})

/** The guards in front of a handler that reads the whole body and echoes its size. */
async function serve() {
	const app = express()
	app.use(limitFormBodies)
	app.use((req, res) => {
		let size = 0
		req.on('data', (chunk: Buffer) => (size += chunk.length))
		req.on('end', () => res.end(`read ${size}`))
	})
	const server = http.createServer((req, res) => {
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
		expect(response.headers.allow).toBe('GET, HEAD, POST, PUT')
	}
	// The routes answer these themselves (405s naming what each path allows).
	for (const method of ['GET', 'DELETE', 'PATCH', 'OPTIONS']) expect((await send(port, method, '/')).status, method).toBe(200)
})

test('a URL past 8 KB is a 414 before anything reads it', async () => {
	const port = await serve()
	expect((await send(port, 'GET', `/${'/'.repeat(9000)}x`)).status).toBe(414)
	expect((await send(port, 'GET', `/?q=${'a'.repeat(9000)}`)).status).toBe(414)
	expect((await send(port, 'GET', `/${'a'.repeat(8000)}`)).status).toBe(200)
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
