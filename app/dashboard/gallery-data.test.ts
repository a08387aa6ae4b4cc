import { expect, test } from 'vitest'
import { displayNameOfKey, galleryFromResponse, galleryQuery } from './gallery-data.ts'

const listBody = {
	images: [
		{
			key: '01k2abcdef0123456789ab-world-map.png',
			publicUrl: 'http://site/uploads/01k2abcdef0123456789ab-world-map.png',
			size: 2048,
			lastModified: '2026-05-01T10:00:00.000Z',
		},
		{
			key: '01k2abcdef0123456789ac-route.pdf',
			publicUrl: 'http://site/uploads/01k2abcdef0123456789ac-route.pdf',
			size: 10,
			lastModified: '2026-05-01T09:00:00.000Z',
		},
	],
	pagination: { total: 25, hasMore: true, limit: 12, offset: 12 },
}

test('galleryFromResponse maps the list API answer to gallery items', async () => {
	const data = await galleryFromResponse(Response.json(listBody), 2)
	expect(data).toMatchObject({ ok: true, page: 2, pageSize: 12, total: 25, totalPages: 3 })
	if (!data.ok) throw new Error('expected ok')
	expect(data.items).toEqual([
		{
			key: listBody.images[0]!.key,
			name: 'world-map.png',
			url: listBody.images[0]!.publicUrl,
			size: 2048,
			lastModified: '2026-05-01T10:00:00.000Z',
			isImage: true,
			typeLabel: 'PNG',
		},
		expect.objectContaining({ name: 'route.pdf', isImage: false, typeLabel: 'PDF' }),
	])
})

test('galleryFromResponse reports an error status with its reason and the API message', async () => {
	const data = await galleryFromResponse(
		Response.json({ error: { code: 'STORAGE_UNAVAILABLE', message: 'Could not list the images.' } }, { status: 500 }),
		1,
	)
	expect(data).toEqual({
		ok: false,
		page: 1,
		status: 500,
		statusText: 'Internal Server Error',
		message: 'Could not list the images.',
	})
	const proxy = await galleryFromResponse(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }), 3)
	expect(proxy).toMatchObject({ ok: false, status: 502, statusText: 'Bad Gateway', message: null })
})

test('galleryFromResponse treats an unexpected body as a failure, not a crash', async () => {
	const data = await galleryFromResponse(Response.json({ images: 'nope' }), 1)
	expect(data).toMatchObject({ ok: false, status: 502 })
})

test('galleryQuery turns a page into limit and offset', () => {
	expect(galleryQuery(1)).toBe('limit=12&offset=0')
	expect(galleryQuery(3, 10)).toBe('limit=10&offset=20')
})

test('displayNameOfKey drops the time and random prefix', () => {
	expect(displayNameOfKey('01k2abcdef0123456789ab-map.png')).toBe('map.png')
	expect(displayNameOfKey('odd')).toBe('odd')
})
