import { expect, test } from 'vitest'
import { createCheckQueue } from './check-queue.server.ts'

function deferred() {
	let resolve!: () => void
	const promise = new Promise<void>((r) => (resolve = r))
	return { promise, resolve }
}

test('at most `concurrent` tasks run; `queued` more wait; beyond that it is busy at once', async () => {
	const queue = createCheckQueue({ concurrent: 2, queued: 1 })
	const gates = [deferred(), deferred(), deferred()]
	const started: number[] = []
	const runs = gates.map((gate, index) =>
		queue.run(async () => {
			started.push(index)
			await gate.promise
			return index
		}),
	)
	await Promise.resolve()
	expect(started).toEqual([0, 1])
	expect(queue.full()).toBe(true)
	expect(await queue.run(async () => 'never')).toBe('busy')

	gates[0]!.resolve()
	expect(await runs[0]).toBe(0)
	await Promise.resolve()
	expect(started).toEqual([0, 1, 2])
	expect(queue.full()).toBe(false)
	gates[1]!.resolve()
	gates[2]!.resolve()
	expect(await Promise.all(runs)).toEqual([0, 1, 2])
})

test('a failing task frees its slot', async () => {
	const queue = createCheckQueue({ concurrent: 1, queued: 0 })
	await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
	expect(await queue.run(async () => 'next')).toBe('next')
})
