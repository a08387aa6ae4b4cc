import { expect, test } from 'vitest'
import { progressPercent, putFile, requestUploadUrl, type UploadProgress, type XhrLike, uploadFiles } from './upload-client.ts'

test('requestUploadUrl sends the key as a Bearer token and returns the target', async () => {
	const calls: { url: string; init?: RequestInit }[] = []
	const target = await requestUploadUrl({ apiKey: 'k1', filename: 'map.png', contentType: 'image/png', size: 2048 }, async (url, init) => {
		calls.push({ url, init })
		return Response.json({
			uploadUrl: 'http://x/put/abc',
			filename: 'abc-map.png',
			expiresIn: 900,
			publicUrl: 'http://x/uploads/abc-map.png',
		})
	})
	expect(target).toEqual({
		uploadUrl: 'http://x/put/abc',
		key: 'abc-map.png',
		publicUrl: 'http://x/uploads/abc-map.png',
	})
	expect(calls[0]?.url).toBe('/api/v1/images/upload/upload-url')
	expect(calls[0]?.init?.method).toBe('POST')
	expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer k1')
	expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
		filename: 'map.png',
		contentType: 'image/png',
		size: 2048,
	})
})

test('requestUploadUrl reports the status, with a standard reason when none was sent', async () => {
	const call = (response: Response) =>
		requestUploadUrl({ apiKey: 'k', filename: 'a.png', contentType: 'image/png', size: 1 }, async () => response)
	await expect(call(new Response('{}', { status: 401, statusText: 'Unauthorized' }))).rejects.toThrow(
		'Failed to get upload URL: 401 Unauthorized',
	)
	await expect(call(Response.json({ error: 'x' }, { status: 400 }))).rejects.toThrow('Failed to get upload URL: 400 Bad Request')
	await expect(call(Response.json({ nope: true }))).rejects.toThrow('Failed to get upload URL: the server sent an unexpected answer.')
})

function fakeXhr(outcome: { status: number; statusText?: string } | 'network') {
	const sent: { method?: string; url?: string; headers: Record<string, string>; body?: Blob } = {
		headers: {},
	}
	const xhr = {
		status: 0,
		statusText: '',
		upload: { onprogress: null as ((event: { loaded: number }) => void) | null },
		onload: null as (() => void) | null,
		onerror: null as (() => void) | null,
		onabort: null as (() => void) | null,
		open(method: string, url: string) {
			sent.method = method
			sent.url = url
		},
		setRequestHeader(name: string, value: string) {
			sent.headers[name] = value
		},
		send(body: Blob) {
			sent.body = body
			queueMicrotask(() => {
				xhr.upload.onprogress?.({ loaded: Math.floor(body.size / 2) })
				if (outcome === 'network') return xhr.onerror?.()
				Object.assign(xhr, { status: outcome.status, statusText: outcome.statusText ?? '' })
				xhr.onload?.()
			})
		},
	}
	return { xhr: xhr as unknown as XhrLike, sent }
}

test('putFile PUTs the body with its content type and reports progress up to the full size', async () => {
	const { xhr, sent } = fakeXhr({ status: 200, statusText: 'OK' })
	const seen: number[] = []
	const body = new Blob(['0123456789'])
	await putFile({ url: '/put/1', body, contentType: 'image/png', onProgress: (n) => seen.push(n) }, () => xhr)
	// If-None-Match: * is signed into S3 upload URLs: without it S3 refuses the PUT.
	expect(sent).toMatchObject({ method: 'PUT', url: '/put/1', headers: { 'Content-Type': 'image/png', 'If-None-Match': '*' } })
	expect(sent.body).toBe(body)
	expect(seen).toEqual([5, 10])
})

test('putFile turns a failed PUT into "Upload failed: status text"', async () => {
	const body = new Blob(['x'])
	const put = (outcome: Parameters<typeof fakeXhr>[0]) =>
		putFile({ url: '/p', body, contentType: 'text/plain', onProgress: () => {} }, () => fakeXhr(outcome).xhr)
	await expect(put({ status: 403, statusText: 'Forbidden' })).rejects.toThrow('Upload failed: 403 Forbidden')
	await expect(put({ status: 413 })).rejects.toThrow('Upload failed: 413 Payload Too Large')
	await expect(put('network')).rejects.toThrow('Upload failed: the connection to the server was lost.')
})

test('progressPercent reaches 100 only when every byte is sent', () => {
	expect(progressPercent(0, 200)).toBe(0)
	expect(progressPercent(199, 200)).toBe(99)
	expect(progressPercent(200, 200)).toBe(100)
	expect(progressPercent(0, 0)).toBe(100)
})

const file = (name: string, size: number) => Object.assign(new Blob(['x'.repeat(size)]), { name })

test('uploadFiles sends files in turn and reports progress over all bytes', async () => {
	const progress: UploadProgress[] = []
	const uploadedNames: string[] = []
	const jobs = [
		{ file: file('a.png', 100), contentType: 'image/png' as const },
		{ file: file('b.txt', 300), contentType: 'text/plain' as const },
	]
	const asked: unknown[] = []
	const done = await uploadFiles(
		jobs,
		{
			requestUrl: async (input) => {
				asked.push(input)
				return { uploadUrl: `/put/${input.filename}`, key: `key-${input.filename}`, publicUrl: `/uploads/key-${input.filename}` }
			},
			put: async ({ body, onProgress }) => onProgress(body.size / 2),
		},
		{ onProgress: (p) => progress.push(p), onUploaded: (f) => uploadedNames.push(f.name) },
	)
	expect(done.map((f) => [f.key, f.size, f.publicUrl])).toEqual([
		['key-a.png', 100, '/uploads/key-a.png'],
		['key-b.txt', 300, '/uploads/key-b.txt'],
	])
	expect(uploadedNames).toEqual(['a.png', 'b.txt'])
	// Each file's size goes with its URL request (checked against MAX_UPLOAD_BYTES, signed by S3).
	expect(asked).toEqual([
		{ filename: 'a.png', contentType: 'image/png', size: 100 },
		{ filename: 'b.txt', contentType: 'text/plain', size: 300 },
	])
	expect(progress.map((p) => p.percent)).toEqual([0, 12, 25, 25, 62, 100])
	expect(progress.at(-1)).toEqual({ percent: 100, index: 2, count: 2, name: 'b.txt' })
})

test('uploadFiles stops at the first failure and keeps what was finished', async () => {
	const uploaded: string[] = []
	const jobs = [
		{ file: file('a.png', 10), contentType: 'image/png' as const },
		{ file: file('b.png', 10), contentType: 'image/png' as const },
		{ file: file('c.png', 10), contentType: 'image/png' as const },
	]
	let calls = 0
	await expect(
		uploadFiles(
			jobs,
			{
				requestUrl: async ({ filename }) => {
					calls += 1
					if (filename === 'b.png') throw new Error('Failed to get upload URL: 401 Unauthorized')
					return { uploadUrl: '/p', key: filename, publicUrl: `/u/${filename}` }
				},
				put: async () => {},
			},
			{ onProgress: () => {}, onUploaded: (f) => uploaded.push(f.name) },
		),
	).rejects.toThrow('Failed to get upload URL: 401 Unauthorized')
	expect(uploaded).toEqual(['a.png'])
	expect(calls).toBe(2)
})
