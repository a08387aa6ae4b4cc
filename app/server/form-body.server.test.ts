import { expect, test } from 'vitest'
import { FORM_BODY_LIMIT_BYTES, readForm } from './form-body.server.ts'

const post = (body: BodyInit, headers: Record<string, string>) =>
	new Request('http://localhost/dev/dashboard?index', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

async function status(promise: Promise<unknown>) {
	try {
		await promise
		return 200
	} catch (error) {
		return (error as { init?: { status?: number } }).init?.status
	}
}

test('a small urlencoded or multipart form is read', async () => {
	const urlencoded = await readForm(post('intent=login&password=a%26b', { 'content-type': 'application/x-www-form-urlencoded' }))
	expect(Object.fromEntries(urlencoded)).toEqual({ intent: 'login', password: 'a&b' })
	const multipart = new FormData()
	multipart.set('intent', 'logout')
	const request = new Request('http://localhost/', { method: 'POST', body: multipart })
	expect((await readForm(request)).get('intent')).toBe('logout')
})

test('a body past the cap is a 413, declared or streamed, without reading it all', async () => {
	const type = { 'content-type': 'application/x-www-form-urlencoded' }
	expect(await status(readForm(post('a'.repeat(FORM_BODY_LIMIT_BYTES + 1), type)))).toBe(413)
	let pulls = 0
	const endless = new ReadableStream<Uint8Array>({
		pull(controller) {
			pulls++
			controller.enqueue(new Uint8Array(1024).fill(97))
		},
	})
	expect(await status(readForm(post(endless, type)))).toBe(413)
	expect(pulls).toBeLessThan(20)
	const declared = new ReadableStream<Uint8Array>({ pull: () => void pulls++ })
	pulls = 0
	expect(await status(readForm(post(declared, { ...type, 'content-length': String(300 * 1024 * 1024) })))).toBe(413)
	expect(pulls).toBeLessThanOrEqual(1)
})

test('malformed multipart, JSON or a missing type is a 400, never a 500', async () => {
	for (const [type, body] of [
		['multipart/form-data; boundary=zzz', 'garbage'],
		['multipart/form-data', '--x\r\n\r\nlogin\r\n--x--'],
		['application/json', '{"intent":"login"}'],
		['text/plain', 'intent=login'],
		['', 'intent=login'],
	]) {
		expect(await status(readForm(post(body!, type ? { 'content-type': type } : {}))), type).toBe(400)
	}
})

test('a control character in a field is a 400 naming the field; tab and line breaks are kept', async () => {
	const type = { 'content-type': 'application/x-www-form-urlencoded' }
	const refused = readForm(post('page=%2Fquests&message=hello%00world', type))
	expect(await status(refused)).toBe(400)
	await expect(refused).rejects.toMatchObject({ data: expect.stringContaining('message contains a control character') })
	expect(await status(readForm(post('message=a%1Bb', type)))).toBe(400)
	expect(await status(readForm(post('bad%07name=x', type)))).toBe(400)
	const kept = await readForm(post('message=line%0D%0Anext%09tab', type))
	expect(kept.get('message')).toBe('line\r\nnext\ttab')
})
