import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseEnv } from '#app/server/env.server.ts'
import { staticFiles } from './static-files.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'static-files-'))
const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256))
let origin = ''
let close = () => {}

beforeAll(async () => {
	mkdirSync(path.join(dir, 'videos'))
	writeFileSync(path.join(dir, 'videos/a.mp4'), video)
	writeFileSync(path.join(dir, 'videos/a.vtt'), 'WEBVTT\n')
	writeFileSync(path.join(dir, 'page.js'), 'x'.repeat(100))
	writeFileSync(path.join(dir, 'page.js.br'), 'compressed')
	const app = express().use(staticFiles(dir, path.join(dir, 'none.json'), parseEnv({})))
	const server = app.listen(0)
	await new Promise((resolve) => server.once('listening', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	close = () => server.close()
})

afterAll(() => {
	close()
	rmSync(dir, { recursive: true, force: true })
})

test('videos and transcripts are served with their media types', async () => {
	const mp4 = await fetch(`${origin}/videos/a.mp4`)
	expect(mp4.status).toBe(200)
	expect(mp4.headers.get('content-type')).toBe('video/mp4')
	expect(mp4.headers.get('accept-ranges')).toBe('bytes')
	expect(Buffer.from(await mp4.arrayBuffer()).equals(video)).toBe(true)
	expect((await fetch(`${origin}/videos/a.vtt`)).headers.get('content-type')).toBe('text/vtt; charset=utf-8')
})

test('a byte range answers 206 with that slice; one past the end answers 416', async () => {
	const slice = await fetch(`${origin}/videos/a.mp4`, { headers: { range: 'bytes=10-19' } })
	expect(slice.status).toBe(206)
	expect(slice.headers.get('content-range')).toBe('bytes 10-19/1000')
	expect(slice.headers.get('content-length')).toBe('10')
	expect([...new Uint8Array(await slice.arrayBuffer())]).toEqual([...video.subarray(10, 20)])

	const tail = await fetch(`${origin}/videos/a.mp4`, { headers: { range: 'bytes=-5' } })
	expect(tail.headers.get('content-range')).toBe('bytes 995-999/1000')

	const past = await fetch(`${origin}/videos/a.mp4`, { headers: { range: 'bytes=5000-' } })
	expect(past.status).toBe(416)
	expect(past.headers.get('content-range')).toBe('bytes */1000')
})

test('a range with a stale If-Range gets the whole file; compressed answers ignore ranges', async () => {
	const stale = await fetch(`${origin}/videos/a.mp4`, { headers: { range: 'bytes=0-9', 'if-range': 'W/"old"' } })
	expect(stale.status).toBe(200)
	expect((await stale.arrayBuffer()).byteLength).toBe(1000)

	const brotli = await fetch(`${origin}/page.js`, { headers: { range: 'bytes=0-3', 'accept-encoding': 'br' } })
	expect(brotli.status).toBe(200)
	expect(brotli.headers.get('content-encoding')).toBe('br')
	expect(brotli.headers.get('accept-ranges')).toBeNull()
})
