import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { writeEvents } from './events.ts'

function run(content: string) {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-events-'))
	writeFileSync(path.join(dir, 'events.json'), content)
	const problems = writeEvents(dir, dir, new Set(['/leagues']))
	return { problems, dir }
}

const good = {
	name: 'Leagues: Catalyst',
	kind: 'league',
	start: '2025-09-15',
	end: '2025-11-10',
	link: '/leagues',
	description: 'The first league.',
	sources: ['https://secure.runescape.com/m=news/a=112/what-is-leagues'],
}

test('a valid file is copied to the output', () => {
	const { problems, dir } = run(JSON.stringify([good]))
	expect(problems).toEqual([])
	expect(JSON.parse(readFileSync(path.join(dir, 'events.json'), 'utf8'))).toEqual([good])
})

test('bad JSON, bad fields, inverted dates and missing pages stop the build with the reason', () => {
	expect(run('[{').problems[0]).toMatch(/^data\/events\.json: /)
	expect(run(JSON.stringify([{ ...good, start: 'soon' }])).problems).toEqual([
		'data/events.json: 0.start: must be a date (2025-09-15) or a date-time with a zone (2025-09-15T11:00:00Z)',
	])
	expect(run(JSON.stringify([{ ...good, end: '2025-09-01' }])).problems).toEqual([
		'data/events.json: "Leagues: Catalyst": ends (2025-09-01) before it starts (2025-09-15)',
	])
	expect(run(JSON.stringify([{ ...good, link: '/leagues/nope' }])).problems).toEqual([
		'data/events.json: [0] "Leagues: Catalyst": link: no page /leagues/nope on this site',
	])
})
