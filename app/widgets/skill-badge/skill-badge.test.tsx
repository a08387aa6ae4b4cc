import { within } from '@testing-library/dom'
import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import type { SkillGuide } from '#app/skill-guides/schema.ts'
import { drawerTitle, guideRows, targetRangeIndex } from '#app/skill-guides/guide-view.ts'
import { loadSkillGuide } from '#app/skill-guides/load-guide.ts'
import { badgeLabel, badgeLevel, requirementMet, requirementText, xpToLevel } from '#app/skill-guides/requirement.ts'
import SkillBadgeWidget from './skill-badge.tsx'
import { SkillGuidePanel } from '#app/skill-guides/skill-guide-panel.tsx'

const GUIDE: SkillGuide = {
	skill: 'herblore',
	summary: 'Potions.',
	ranges: [
		{ from: 1, to: 20, method: 'First', tip: 'Tip one.', link: 'https://example.org/a' },
		{ from: 20, to: 60, method: 'Second', tip: 'Tip two.', link: 'https://example.org/a' },
		{ from: 60, to: 80, method: 'Third', tip: 'Tip three.', link: 'https://example.org/b' },
		{ from: 80, to: 99, method: 'Fourth', tip: 'Tip four.', link: 'https://example.org/b' },
	],
}

const marks = (level: number | undefined) => guideRows(GUIDE.ranges, level).map((r) => r.status)

test('ranges below the level are passed, the one holding it is current, later ones upcoming', () => {
	expect(marks(71)).toEqual(['passed', 'passed', 'current', 'upcoming'])
	expect(marks(1)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming'])
	expect(marks(20)).toEqual(['passed', 'current', 'upcoming', 'upcoming'])
	expect(marks(99)).toEqual(['passed', 'passed', 'passed', 'passed'])
})

test('without player data there are no progress marks', () => {
	expect(marks(undefined)).toEqual([undefined, undefined, undefined, undefined])
})

test('titles, requirement texts and the badge accessible name', () => {
	expect(drawerTitle('herblore')).toBe('Herblore Skill Guide')
	expect(requirementMet(undefined, 96)).toBeUndefined()
	expect(requirementMet(96, 96)).toBe(true)
	expect(requirementMet(95, 96)).toBe(false)
	expect(requirementText(true)).toBe('Requirement met')
	expect(requirementText(false)).toBe('Requirement not met')
	expect(badgeLabel('herblore', 96, undefined)).toBe('96 Herblore — open the Herblore levelling guide')
	expect(badgeLabel('herblore', 96, 71)).toBe('71/96 Herblore (you have 71, need 96: not met) — open the Herblore levelling guide')
	expect(badgeLabel('herblore', 96, 99)).toBe('99/96 Herblore (you have 99, need 96: met) — open the Herblore levelling guide')
	expect(badgeLevel(51, undefined)).toBe('51')
	expect(badgeLevel(51, 20)).toBe('20/51')
})

test('drawer body with player data: current level, requirement, marks', () => {
	const page = serverHtml(<SkillGuidePanel required={96} current={71} guide={GUIDE} />)
	expect(page.getByText('Your Current Level').nextElementSibling?.textContent).toBe('71/96')
	expect(page.getByText('Requirement not met')).toBeTruthy()
	const ranges = page.getAllByRole('listitem')
	expect(ranges).toHaveLength(4)
	expect(page.getAllByText('Passed:').map((mark) => ranges.findIndex((range) => range.contains(mark)))).toEqual([0, 1])
	expect(page.getByRole('listitem', { current: 'step' })).toBe(ranges[2])
	expect(within(ranges[2]!).getByText('Current')).toBeTruthy()
	expect(page.getAllByText('Current')).toHaveLength(1)
	// One wiki link per distinct link, not one per range.
	expect(page.getAllByRole('link', { name: /More on the RuneScape Wiki/ })).toHaveLength(2)
	expect(within(ranges[2]!).getByText('Tip three.')).toBeTruthy()
	const met = serverHtml(<SkillGuidePanel required={50} current={71} guide={GUIDE} />)
	expect(met.getByText('Requirement met')).toBeTruthy()
	expect(met.queryByText('Requirement not met')).toBeNull()
})

test('drawer body without player data: no marks, no requirement verdict, the lookup slot', () => {
	const page = serverHtml(<SkillGuidePanel required={96} current={undefined} guide={GUIDE} lookup={<b>lookup</b>} />)
	expect(page.getByText('Required level').nextElementSibling?.textContent).toBe('96')
	expect(page.queryByText('Your Current Level')).toBeNull()
	expect(page.queryByText(/Requirement/)).toBeNull()
	expect(page.queryByText('Current')).toBeNull()
	expect(page.queryByText('Passed:')).toBeNull()
	expect(page.queryByRole('listitem', { current: 'step' })).toBeNull()
	expect(page.getAllByRole('listitem')).toHaveLength(4)
	expect(page.getByText('lookup').tagName).toBe('B')
})

test('opened from search (no required level): the current level without a verdict, or the lookup', () => {
	const loaded = serverHtml(<SkillGuidePanel current={71} guide={GUIDE} lookup={<b>lookup</b>} />)
	expect(loaded.getByText('Your Current Level').nextElementSibling?.textContent).toBe('71')
	expect(loaded.queryByText('Required level')).toBeNull()
	expect(loaded.queryByText(/Requirement/)).toBeNull()
	expect(loaded.queryByText('lookup')).toBeNull()
	expect(loaded.getAllByRole('listitem', { current: 'step' })).toHaveLength(1)
	const anonymous = serverHtml(<SkillGuidePanel current={undefined} guide={GUIDE} lookup={<b>lookup</b>} />)
	expect(anonymous.queryByText('Required level')).toBeNull()
	expect(anonymous.queryByText('Your Current Level')).toBeNull()
	expect(anonymous.getByText('lookup')).toBeTruthy()
})

test('a skill without a guide says so', () => {
	const page = serverHtml(<SkillGuidePanel required={5} current={3} guide={null} />)
	expect(page.getByText('No leveling guide available for this skill yet.')).toBeTruthy()
	expect(page.getByText('Requirement not met')).toBeTruthy()
})

test('guides load by skill name; an unknown skill has none', async () => {
	const guide = await loadSkillGuide('herblore')
	expect(guide).not.toBe('failed')
	expect(guide && guide !== 'failed' ? guide.skill : undefined).toBe('herblore')
	expect(loadSkillGuide('Herblore')).toBe(loadSkillGuide('herblore'))
	expect(await loadSkillGuide('sailing')).toBeNull()
})

test('a guide that fails to load is tried again next time', async () => {
	let calls = 0
	const guides = {
		'../generated/skill-guides/flaky.json': async () => {
			calls++
			if (calls === 1) throw new Error('offline')
			return GUIDE
		},
	}
	expect(await loadSkillGuide('flaky', guides)).toBe('failed')
	expect(await loadSkillGuide('flaky', guides)).toEqual(GUIDE)
	expect(calls).toBe(2)
})

test('server HTML of a badge: neutral text with level, name and icon (a button once hydrated)', () => {
	const page = serverHtml(<SkillBadgeWidget skill="herblore" level={96} />)
	// The server HTML is text: the drawer needs JavaScript, so the badge becomes a button on hydration.
	expect(page.queryByRole('button')).toBeNull()
	const badge = page.container.firstElementChild!
	expect([badge.tagName, badge.textContent]).toEqual(['SPAN', '96 Herblore'])
	expect(badge.querySelector('use')?.getAttribute('href')).toBe('/images/skills/sprite.svg#herblore')
	expect(badge.hasAttribute('data-met')).toBe(false)
})

test('the target range is the one that leads up to the required level', () => {
	expect(targetRangeIndex(GUIDE.ranges, 96)).toBe(3)
	expect(targetRangeIndex(GUIDE.ranges, 60)).toBe(1)
	expect(targetRangeIndex(GUIDE.ranges, 61)).toBe(2)
	expect(targetRangeIndex(GUIDE.ranges, 1)).toBe(0)
	expect(targetRangeIndex(GUIDE.ranges, 120)).toBe(-1)
	expect(guideRows(GUIDE.ranges, 71, 96).map((r) => r.target)).toEqual([false, false, false, true])
	expect(guideRows(GUIDE.ranges, 71).every((r) => !r.target)).toBe(true)
})

test('XP to go uses the RS3 tables, Invention its elite one', () => {
	// Level 99 starts at 13,034,431 XP in a standard skill and 36,073,511 in Invention.
	expect(xpToLevel('magic', 99, 13_000_000)).toBe(34_431)
	expect(xpToLevel('invention', 99, 36_000_000)).toBe(73_511)
	expect(xpToLevel('magic', 50, 200_000)).toBe(0)
	expect(xpToLevel('magic', 99, undefined)).toBeUndefined()
	expect(xpToLevel('sailing', 50, 0)).toBeUndefined()
})

test('drawer body below the required level says how much XP is left', () => {
	const page = serverHtml(<SkillGuidePanel required={96} current={71} xpToGo={8_123_456} guide={GUIDE} />)
	expect(page.getByText('8,123,456 XP to level 96')).toBeTruthy()
	const met = serverHtml(<SkillGuidePanel required={50} current={71} xpToGo={0} guide={GUIDE} />)
	expect(met.queryByText(/XP to level/)).toBeNull()
	// The target range is marked.
	expect(page.getAllByText('Target').map((mark) => mark.closest('li'))).toEqual([page.getAllByRole('listitem')[3]])
})

test('the drawer says when a skill cap carries a caveat, and only then', () => {
	const construction = serverHtml(<SkillGuidePanel current={undefined} guide={{ ...GUIDE, skill: 'construction' }} />)
	expect(construction.getByText('Level cap 120.').parentElement?.textContent).toMatch(
		/^Level cap 120\. Raised to 120 .*not found the update post/,
	)
	const herblore = serverHtml(<SkillGuidePanel current={undefined} guide={GUIDE} />)
	expect(herblore.queryByText(/^Level cap/)).toBeNull()
})
