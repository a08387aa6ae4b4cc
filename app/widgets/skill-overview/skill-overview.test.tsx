import { within } from '@testing-library/dom'
import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import type { SkillGuide } from '#app/skill-guides/schema.ts'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import type { WidgetBuildContext } from '../widget-build.ts'
import { orderSkills } from './skill-order.ts'
import { skillOverviewBuild } from './skill-overview.build.ts'
import type { SkillOverviewSkill } from './skill-overview.schema.ts'
import SkillOverviewWidget from './skill-overview.tsx'

const guideFor = (skill: string): SkillGuide => ({
	skill: skill as SkillGuide['skill'],
	summary: `How to train ${skill}.`,
	ranges: [
		{ from: 1, to: 50, method: `Early ${skill}`, tip: 'A long tip the overview leaves out.', link: 'https://runescape.wiki/w/Skills' },
		{ from: 50, to: 99, method: `Late ${skill}`, tip: 'Another tip.', link: 'https://runescape.wiki/w/Skills' },
	],
})

function enrich(skillGuide?: (skill: string) => SkillGuide | undefined) {
	const problems: string[] = []
	const ctx = { skillGuide, fail: (reason: string) => problems.push(reason) } as unknown as WidgetBuildContext
	const enrichStep = skillOverviewBuild.enrich as (props: object, ctx: WidgetBuildContext) => { skills?: SkillOverviewSkill[] }
	return { props: enrichStep({}, ctx), problems }
}

test('the build embeds every skill in game order, with one method line per level band', () => {
	const { props, problems } = enrich(guideFor)
	expect(problems).toEqual([])
	expect(props.skills?.map((s) => s.skill)).toEqual(SKILL_NAMES)
	// Only what the overview shows: the tips and links stay in the levelling guide.
	expect(props.skills?.[14]).toEqual({
		skill: 'mining',
		ranges: [
			{ from: 1, to: 50, method: 'Early mining' },
			{ from: 50, to: 99, method: 'Late mining' },
		],
	})
})

test('a skill without a levelling guide stops the build; without guide data the props stay as written', () => {
	const { problems } = enrich((skill) => (skill === 'necromancy' ? undefined : guideFor(skill)))
	expect(problems).toEqual(['::skill-overview needs a levelling guide for necromancy (data/skills/necromancy.yaml)'])
	expect(enrich(undefined).props).toEqual({})
})

const skills = ['attack', 'defence', 'strength', 'mining'].map((skill) => ({ skill }))
const levels: Record<string, number> = { attack: 60, defence: 40, strength: 40, mining: 1 }
const xp: Record<string, number> = { attack: 300_000, defence: 40_000, strength: 38_000, mining: 0 }
const player = { levelOf: (s: string) => levels[s] ?? 1, xpOf: (s: string) => xp[s] ?? 0 }

test('lowest first sorts by level, then by experience, then by game order', () => {
	expect(orderSkills(skills, 'lowest', player).map((s) => s.skill)).toEqual(['mining', 'strength', 'defence', 'attack'])
	const sameXp = { ...player, xpOf: () => 0 }
	expect(orderSkills(skills, 'lowest', sameXp).map((s) => s.skill)).toEqual(['mining', 'defence', 'strength', 'attack'])
})

test('game order, or no player, keeps the order as given (and never reorders the input)', () => {
	expect(orderSkills(skills, 'game', player)).toEqual(skills)
	expect(orderSkills(skills, 'lowest')).toEqual(skills)
	expect(orderSkills(skills, 'lowest', player)).not.toBe(skills)
	expect(skills.map((s) => s.skill)).toEqual(['attack', 'defence', 'strength', 'mining'])
})

test('server HTML: every skill with its bands and a guide button; no levels and no lowest-first before a player loads', () => {
	const props = enrich(guideFor).props
	const page = serverHtml(<SkillOverviewWidget {...props} />)
	expect(page.getAllByRole('heading', { level: 3 })).toHaveLength(29)
	expect(page.getByText('Early mining')).toBeTruthy()
	expect(page.getAllByText(/1–50/).length).toBeGreaterThan(0)
	expect(page.getByRole('button', { name: 'Mining guide' })).toBeTruthy()
	expect(page.queryByText(/^Level \d+$/)).toBeNull()
	const sort = page.getByRole('group', { name: 'Sort the skills' })
	const [game, lowest] = within(sort).getAllByRole('radio') as HTMLInputElement[]
	expect([game!.value, game!.checked, game!.disabled]).toEqual(['game', true, false])
	expect([lowest!.value, lowest!.checked, lowest!.disabled]).toEqual(['lowest', false, true])
	expect(within(sort).getByText('Load your name to sort by your own levels.')).toBeTruthy()
})
