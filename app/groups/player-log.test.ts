import { expect, test } from 'vitest'
import { logSections, type LogLine } from './player-log.ts'

test('the log by kind: sections in a fixed order, citadel visits and caps together, empty kinds left out, newest kept', () => {
	const line = (minute: number, kind: LogLine['kind']): LogLine => ({
		occurredAt: new Date(Date.UTC(2026, 10, 20, 0, minute)),
		text: `${kind} ${minute}`,
		kind,
	})
	const entries = [
		line(9, 'other'),
		line(8, 'citadel-visit'),
		line(7, 'drop'),
		line(6, 'citadel-cap'),
		line(5, 'level'),
		line(4, 'level'),
		line(3, 'level'),
	]
	const counts = { other: 1, 'citadel-visit': 1, drop: 1, 'citadel-cap': 1, level: 30 }
	const sections = logSections({ entries, counts }, 2)
	expect(sections.map((s) => [s.label, s.count, s.entries.map((e) => e.text)])).toEqual([
		['Levels', 30, ['level 5', 'level 4']],
		['Drops', 1, ['drop 7']],
		['Clan citadel', 2, ['citadel-visit 8', 'citadel-cap 6']],
		['Other', 1, ['other 9']],
	])
})
