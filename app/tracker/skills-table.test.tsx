import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import { SKILLS } from '#app/lib/skills.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'
import { CapCaveats } from './skills-table.tsx'

function snapshot(virtual: Partial<Record<string, number>>): Snapshot {
	return {
		takenAt: '2026-11-26T12:00:00.000Z',
		source: 'hiscores',
		totalLevel: 29 * 99,
		totalXp: 29 * 13_034_431,
		rank: null,
		questPoints: null,
		questsComplete: null,
		questsStarted: null,
		skills: SKILLS.map((s) => ({
			skill: s.name,
			xp: 13_034_431,
			level: 99,
			virtualLevel: virtual[s.name] ?? 99,
			rank: null,
		})),
	}
}

test('a skill held at a cap with a caveat says why under the table; other skills past their cap do not', () => {
	const page = serverHtml(<CapCaveats snapshot={snapshot({ construction: 124, prayer: 105 })} />)
	const items = page.getAllByRole('listitem')
	expect(items).toHaveLength(1)
	expect(items[0]!.textContent).toMatch(/^Construction: Raised to 120 .*not found the update post/)
	expect(page.queryByText(/Prayer/)).toBeNull()
})

test('nothing is shown while no such skill is past its cap', () => {
	expect(serverHtml(<CapCaveats snapshot={snapshot({ prayer: 105 })} />).container.innerHTML).toBe('')
})
