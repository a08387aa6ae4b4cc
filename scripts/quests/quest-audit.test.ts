import { expect, test } from 'vitest'
import { questSchema, type Quest, type QuestInput } from '#app/quests/schema.ts'
import { applyResolutions, auditHasProblems, auditQuests, EMPTY_RESOLUTIONS, type ResolutionsFile } from '#scripts/quests/quest-audit.ts'
import { snapshotFromScrape, type Snapshot } from '#scripts/quests/quest-audit-snapshot.ts'

const quest = (input: Omit<QuestInput, 'difficulty' | 'members' | 'questPoints'> & Partial<QuestInput>): Quest =>
	questSchema.parse({ difficulty: 1, members: true, questPoints: 1, ...input })

const source: Snapshot['source'] = {
	repository: 'someone/scrape',
	commit: 'abc1234',
	path: 'data/quests/*.json',
	takenOn: '2026-11-23',
	note: 'test',
}

const scraped = (title: string, quests: unknown[], skills: unknown[] = [], rewards: unknown[] = []) => ({
	file: `${title}.json`,
	json: {
		title,
		guideLastUpdated: '2026-07-16T04:18:52.624Z',
		requirements: { quests, skills },
		rewards,
	},
})

const snapshot = snapshotFromScrape(
	[
		scraped('Dig', []),
		scraped('Troll', [{ title: 'Plateau' }]),
		scraped('Plateau', []),
		scraped('Treasure', [{ title: 'Dig' }, { title: 'Troll…', matchTitle: 'Troll' }], [{ skill: 'Thieving', level: 53 }]),
		scraped('Mossy (quest)', [], [], [{ display: '2 quest points' }]),
		scraped(
			'Curse',
			[
				{ title: 'Mossy' },
				{
					title: 'Partial completion of Treasure',
					matchTitle: 'Treasure',
					children: [{ title: 'Dig' }, { title: 'Ability to enter Morytania', matchTitle: 'Morytania' }],
				},
				{ title: 'Unabridged Saga with 100%', matchTitle: 'Saga' },
				{ title: 'Base camp tutorial' },
			],
			[
				{ skill: 'Crafting', level: 20 },
				{ skill: 'quest points', level: 44 },
				{ skill: 'Crafting', level: 49 },
			],
			[{ display: '1 quest point' }],
		),
		scraped('Saga', []),
		scraped('Priest', []),
		scraped('Base camp tutorial', []),
	],
	source,
)

test('the snapshot keeps the facts: direct quests, partial and 100 % lines, levels, thresholds', () => {
	expect(Object.keys(snapshot.quests)).toEqual([
		'Base camp tutorial',
		'Curse',
		'Dig',
		'Mossy (quest)',
		'Plateau',
		'Priest',
		'Saga',
		'Treasure',
		'Troll',
	])
	expect(snapshot.quests.Treasure).toMatchObject({
		quests: ['Dig', 'Troll'],
		updated: '2026-07-16',
		awards: null,
	})
	expect(snapshot.quests.Curse).toEqual({
		file: 'Curse.json',
		updated: '2026-07-16',
		quests: ['Mossy', 'Base camp tutorial'],
		partial: [{ quest: 'Treasure', needs: ['Dig'], other: ['Ability to enter Morytania'] }],
		fully: [{ quest: 'Saga', until: '100 % (unabridged)' }],
		other: [],
		skills: [
			{ skill: 'crafting', level: 20 },
			{ skill: 'crafting', level: 49 },
		],
		questPoints: [44],
		awards: 1,
	})
	expect(snapshot.quests['Mossy (quest)']!.awards).toBe(2)
	expect(() => snapshotFromScrape([{ file: 'x.json', json: { title: 'X' } }], source)).toThrow('x.json')
})

const rules: ResolutionsFile = {
	sameAs: [{ theirs: 'Ability to enter Morytania', ours: 'Priest', reason: 'r', source: 's' }],
	notQuests: [{ title: 'Base camp tutorial', reason: 'r', source: 's' }],
	differences: [],
}

const ours = [
	quest({ name: 'Dig', requirements: {} }),
	quest({ name: 'Priest', requirements: {} }),
	quest({ name: 'Plateau', requirements: {} }),
	quest({ name: 'Troll', requirements: { quest: ['Plateau'] } }),
	quest({ name: 'Saga', requirements: {} }),
	quest({ name: 'Mossy', wikiTitle: 'Mossy (quest)', questPoints: 2, requirements: {} }),
	quest({
		name: 'Treasure',
		requirements: { quest: ['Dig', 'Troll', 'Priest'], skill: [{ skill: 'thieving', level: 53 }] },
	}),
	quest({
		name: 'Curse',
		requirements: {
			quest: ['Mossy'],
			partial: [{ quest: 'Treasure', until: 'x', needs: { quest: ['Dig', 'Priest'] } }],
			fully: [{ quest: 'Saga', until: '100 %' }],
			skill: [{ skill: 'crafting', level: 20 }],
			ironman: { skill: [{ skill: 'crafting', level: 49 }] },
			questPoints: 44,
		},
	}),
]

test('matching data gives no difference once the modelling rules apply', () => {
	const differences = auditQuests(ours, snapshot, rules)
	expect(differences).toEqual([
		// Priest in Peril is our way of writing Morytania access; the Treasure page says neither.
		{ quest: 'Treasure', subject: 'quest Priest', ours: 'required', theirs: '—' },
	])
	// Without the rules, the tutorial is a quest we lack and the partial's needs differ.
	const raw = auditQuests(ours, snapshot).map((d) => `${d.quest} — ${d.subject}`)
	expect(raw).toContain('Base camp tutorial — quest in our data')
	expect(raw).toContain('Curse — partial Treasure needs')
})

test('every kind of difference is reported with both values', () => {
	const changed = ours.map((q) =>
		q.name === 'Curse'
			? quest({
					name: 'Curse',
					questPoints: 3,
					requirements: {
						quest: ['Mossy', 'Treasure'],
						skill: [{ skill: 'crafting', level: 20 }],
						questPoints: 40,
					},
				})
			: q,
	)
	const differences = auditQuests(changed, snapshot, rules).filter((d) => d.quest === 'Curse')
	expect(differences).toEqual([
		{ quest: 'Curse', subject: 'fully Saga', ours: '—', theirs: 'required' },
		{ quest: 'Curse', subject: 'partial Treasure', ours: '—', theirs: 'required' },
		{ quest: 'Curse', subject: 'quest points', ours: '40', theirs: '44' },
		{ quest: 'Curse', subject: 'quest points awarded', ours: '3', theirs: '1' },
		{ quest: 'Curse', subject: 'quest Saga', ours: '—', theirs: 'required' },
		{ quest: 'Curse', subject: 'quest Treasure', ours: 'required', theirs: '—' },
		{ quest: 'Curse', subject: 'skill crafting', ours: '20', theirs: '20 / 49' },
	])
	const lacking = auditQuests([...ours, quest({ name: 'Extra', requirements: {} })], snapshot, rules)
	expect(lacking).toContainEqual({
		quest: 'Extra',
		subject: 'quest in the snapshot',
		ours: 'listed',
		theirs: '—',
	})
})

test('resolutions match on quest, subject and both values; stale ones and missing notes are problems', () => {
	const differences = auditQuests(ours, snapshot, rules)
	const resolution = { ...differences[0]!, reason: 'Morytania access', source: 'wiki' }
	const unresolved = applyResolutions(ours, differences, [])
	expect(unresolved.unresolved).toHaveLength(1)
	expect(auditHasProblems(unresolved)).toBe(true)

	const noNote = applyResolutions(ours, differences, [resolution])
	expect(noNote).toMatchObject({ unresolved: [], stale: [], withoutNotes: ['Treasure'] })
	expect(auditHasProblems(noNote)).toBe(true)

	const noted = ours.map((q) => (q.name === 'Treasure' ? { ...q, notes: ['Priest stands for Morytania.'] } : q))
	const ok = applyResolutions(noted, differences, [resolution])
	expect(ok.resolved).toHaveLength(1)
	expect(auditHasProblems(ok)).toBe(false)

	const stale = applyResolutions(noted, differences, [resolution, { ...resolution, theirs: '42' }])
	expect(stale.stale).toHaveLength(1)
	expect(auditHasProblems(stale)).toBe(true)
	expect(applyResolutions(noted, differences, [{ ...resolution, ours: 'other' }]).unresolved).toHaveLength(1)
	expect(EMPTY_RESOLUTIONS.differences).toEqual([])
})
