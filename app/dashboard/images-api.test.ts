import { afterEach, expect, test, vi } from 'vitest'
import { deleteImageMutation } from './images-api.ts'

afterEach(() => vi.unstubAllGlobals())

const remove = (key: string) => deleteImageMutation().mutationFn!(key, undefined as never)

test('deleting a file sends DELETE to its path in the images API', async () => {
	const fetch = vi.fn(async () => new Response(JSON.stringify({ deleted: true }), { status: 200 }))
	vi.stubGlobal('fetch', fetch)
	await remove('guides/map 1.png')
	expect(fetch).toHaveBeenCalledWith('/api/v1/images/files/guides%2Fmap%201.png', { method: 'DELETE' })
})

test("a refused delete fails with the API's message, or the status when it sent none", async () => {
	const answer = { error: { code: 'NOT_FOUND', message: 'No file is stored under that key.' } }
	vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 404 }))
	await expect(remove('gone.png')).rejects.toThrow('No file is stored under that key.')
	vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }))
	await expect(remove('gone.png')).rejects.toThrow('502 Bad Gateway')
})

test('a delete that gets no answer says so', async () => {
	vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')))
	await expect(remove('a.png')).rejects.toThrow('The server did not answer. Try again.')
})
