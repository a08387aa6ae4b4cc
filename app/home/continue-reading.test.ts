import { expect, test } from 'vitest'
import { parseLastRead } from './continue-reading.ts'

test('a stored page is read back', () => {
	expect(parseLastRead('{"path":"/guides/early-game","title":"Early Game "}')).toEqual({
		path: '/guides/early-game',
		title: 'Early Game',
	})
})

test('anything else reads as nothing', () => {
	for (const raw of [null, '', 'not json', '[]', '42', '{"path":"/x"}', '{"path":"/x","title":"  "}']) {
		expect(parseLastRead(raw)).toBeNull()
	}
})

test('only paths on this site are followed', () => {
	for (const path of ['https://evil.test/', '//evil.test/x', 'javascript:alert(1)', 'guides', '/a b']) {
		expect(parseLastRead(JSON.stringify({ path, title: 'T' }))).toBeNull()
	}
})
