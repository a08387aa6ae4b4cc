import { expect, test } from 'vitest'
import { openedSignal } from './until-opened.tsx'

test('an opened signal settles once, tells its subscribers once, and says it is open from then on', async () => {
	const signal = openedSignal()
	const heard: string[] = []
	const unsubscribe = signal.subscribe(() => heard.push('a'))
	signal.subscribe(() => heard.push('b'))
	let settled = false
	void signal.opened.then(() => {
		settled = true
	})
	expect(signal.isOpened()).toBe(false)
	unsubscribe()
	signal.markOpened()
	signal.markOpened()
	await signal.opened
	expect(settled).toBe(true)
	expect(signal.isOpened()).toBe(true)
	expect(heard).toEqual(['b'])
})
