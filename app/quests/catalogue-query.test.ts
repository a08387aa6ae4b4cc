import { expect, test } from 'vitest'
import {
	applyCatalogueQuery,
	hasFilters,
	parseCatalogueQuery,
	type QuestListEntry,
	searchRank,
	serialiseCatalogueQuery,
	sortMenuValue,
} from '#app/quests/catalogue-query.ts'

function entry(name: string, extra: Partial<QuestListEntry> = {}): QuestListEntry {
	return {
		name,
		slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
		difficulty: 1,
		members: true,
		questPoints: 1,
		quests: [],
		skills: {},
		requiredQuestPoints: 0,
		prerequisiteCount: 0,
		...extra,
	}
}

const list = [
	entry('Desert Treasure', {
		aliases: ['DT'],
		difficulty: 3,
		questPoints: 3,
		prerequisiteCount: 9,
	}),
	entry('While Guthix Sleeps', {
		aliases: ['WGS'],
		difficulty: 4,
		questPoints: 5,
		prerequisiteCount: 40,
	}),
	entry("Cook's Assistant", { difficulty: 0, members: false, questPoints: 1 }),
	entry('Dragon Slayer', { difficulty: 2, members: false, questPoints: 2, prerequisiteCount: 0 }),
	entry('Bar Crawl (miniquest)', { difficulty: 0, questPoints: 0, skills: { agility: 1 } }),
	entry('Desert Treasure II - The Fallen Empire', {
		difficulty: 4,
		questPoints: 2,
		// Parts of quests count as quests to do first (sorted after Desert Treasure's 9).
		prerequisiteCount: 5,
		partialStepCount: 15,
	}),
	entry('Death Plateau', { difficulty: 0, questPoints: 1, skills: { agility: 5, attack: 5 } }),
]
const names = (entries: QuestListEntry[]) => entries.map((e) => e.name)

test('parse reads every parameter and ignores what it does not know', () => {
	expect(parseCatalogueQuery('q=%20dt%20&difficulty=3&members=free&qp=2&status=can-start&sort=qp')).toEqual({
		q: 'dt',
		difficulty: 3,
		members: 'free',
		qp: 2,
		status: 'can-start',
		sort: 'qp',
	})
	expect(parseCatalogueQuery('difficulty=9&members=maybe&qp=-1&status=x&sort=size&dir=up&foo=1')).toEqual({ q: '' })
	expect(parseCatalogueQuery('difficulty=Master&members=P2P&qp=none').difficulty).toBe(3)
	expect(parseCatalogueQuery('members=P2P&qp=none')).toEqual({
		q: '',
		members: 'members',
		qp: 'none',
	})
	expect(parseCatalogueQuery('q=' + 'x'.repeat(500)).q).toHaveLength(100)
})

test("a direction counts only with a sort and when it differs from that sort's own", () => {
	expect(parseCatalogueQuery('sort=name&dir=desc')).toEqual({ q: '', sort: 'name', dir: 'desc' })
	expect(parseCatalogueQuery('sort=qp&dir=desc')).toEqual({ q: '', sort: 'qp' })
	expect(parseCatalogueQuery('dir=desc')).toEqual({ q: '' })
	// The no-JS form sends its one sort menu as key-direction.
	expect(parseCatalogueQuery('sort=qp-asc')).toEqual({ q: '', sort: 'qp', dir: 'asc' })
	expect(parseCatalogueQuery('sort=name-desc&dir=asc')).toEqual({ q: '', sort: 'name' })
	expect(parseCatalogueQuery('sort=-desc')).toEqual({ q: '' })
	expect(sortMenuValue(parseCatalogueQuery('sort=qp-asc'))).toBe('qp-asc')
	expect(sortMenuValue(parseCatalogueQuery('sort=qp'))).toBe('qp')
	expect(sortMenuValue({ q: '' })).toBe('')
})

test('serialise writes the shortest query in a fixed order and round-trips', () => {
	expect(serialiseCatalogueQuery({ q: '' })).toBe('')
	const query = parseCatalogueQuery('sort=qp&members=free&difficulty=3&q=dt')
	expect(serialiseCatalogueQuery(query)).toBe('q=dt&difficulty=3&members=free&sort=qp')
	expect(serialiseCatalogueQuery({ q: 'cook s', sort: 'name', dir: 'desc' })).toBe('q=cook+s&sort=name&dir=desc')
	expect(serialiseCatalogueQuery({ q: '', sort: 'qp', dir: 'desc' })).toBe('sort=qp')
	for (const text of ['q=wgs', 'qp=none&status=locked', 'sort=reqs&dir=desc', 'members=members']) {
		expect(serialiseCatalogueQuery(parseCatalogueQuery(text))).toBe(text)
	}
})

test('search finds a quest by alias, initials, start or any part of its name', () => {
	expect(searchRank(list[0]!, 'dt')).toBe(0)
	expect(searchRank(list[0]!, 'DESERT TREASURE')).toBe(0)
	expect(searchRank(list[3]!, 'ds')).toBe(1)
	expect(searchRank(list[2]!, 'cooks assistant')).toBe(0)
	expect(searchRank(list[2]!, 'cook')).toBe(2)
	expect(searchRank(list[2]!, 'assist')).toBe(3)
	expect(searchRank(list[0]!, 'guthix')).toBeUndefined()
	expect(searchRank(list[0]!, '  ')).toBe(0)
})

test('searching puts the best matches first', () => {
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('q=dt')))).toEqual(['Desert Treasure'])
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('q=desert')))).toEqual([
		'Desert Treasure',
		'Desert Treasure II - The Fallen Empire',
	])
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('q=wgs')))).toEqual(['While Guthix Sleeps'])
	// An explicit sort orders the matches by it instead of by how well they match.
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('q=desert&sort=qp&dir=asc')))).toEqual([
		'Desert Treasure II - The Fallen Empire',
		'Desert Treasure',
	])
})

test('filters: difficulty, members, quest points', () => {
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('difficulty=4')))).toEqual([
		'Desert Treasure II - The Fallen Empire',
		'While Guthix Sleeps',
	])
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('members=free')))).toEqual(["Cook's Assistant", 'Dragon Slayer'])
	expect(applyCatalogueQuery(list, parseCatalogueQuery('members=members'))).toHaveLength(5)
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('qp=none')))).toEqual(['Bar Crawl (miniquest)'])
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('qp=3')))).toEqual(['Desert Treasure', 'While Guthix Sleeps'])
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('q=desert&difficulty=3&members=members')))).toEqual(['Desert Treasure'])
})

test('sorting by name, difficulty, quest points and requirements, either way', () => {
	const sorted = (q: string) => names(applyCatalogueQuery(list, parseCatalogueQuery(q)))
	expect(sorted('')).toEqual([
		'Bar Crawl (miniquest)',
		"Cook's Assistant",
		'Death Plateau',
		'Desert Treasure',
		'Desert Treasure II - The Fallen Empire',
		'Dragon Slayer',
		'While Guthix Sleeps',
	])
	expect(sorted('sort=name&dir=desc')[0]).toBe('While Guthix Sleeps')
	expect(sorted('sort=difficulty')).toEqual([
		'Bar Crawl (miniquest)',
		"Cook's Assistant",
		'Death Plateau',
		'Dragon Slayer',
		'Desert Treasure',
		'Desert Treasure II - The Fallen Empire',
		'While Guthix Sleeps',
	])
	expect(sorted('sort=qp').slice(0, 3)).toEqual(['While Guthix Sleeps', 'Desert Treasure', 'Desert Treasure II - The Fallen Empire'])
	expect(sorted('sort=qp&dir=asc')[0]).toBe('Bar Crawl (miniquest)')
	// Fewest quests before it first; own skills break ties; then the name.
	expect(sorted('sort=reqs')).toEqual([
		"Cook's Assistant",
		'Dragon Slayer',
		'Bar Crawl (miniquest)',
		'Death Plateau',
		'Desert Treasure',
		'Desert Treasure II - The Fallen Empire',
		'While Guthix Sleeps',
	])
	expect(sorted('sort=reqs&dir=desc')[0]).toBe('While Guthix Sleeps')
})

test('the status filter applies only with a player', () => {
	const statusOf = (e: QuestListEntry) => (e.name === 'Dragon Slayer' ? 'completed' : e.questPoints === 1 ? 'can-start' : 'locked')
	const query = parseCatalogueQuery('status=can-start')
	expect(applyCatalogueQuery(list, query)).toHaveLength(list.length)
	expect(names(applyCatalogueQuery(list, query, statusOf))).toEqual(["Cook's Assistant", 'Death Plateau'])
	const open = applyCatalogueQuery(list, parseCatalogueQuery('status=not-completed'), statusOf)
	expect(names(open)).not.toContain('Dragon Slayer')
	expect(open).toHaveLength(list.length - 1)
	expect(hasFilters(query)).toBe(true)
	expect(hasFilters(parseCatalogueQuery('q=dt&sort=qp'))).toBe(false)
})

test('chain= scopes the list to a quest and everything it needs, directly or not', () => {
	const chainList = [
		entry('Top', { quests: ['Left', 'Right'] }),
		entry('Left', { quests: ['Root'] }),
		entry('Right', { quests: ['Root'] }),
		entry('Root'),
		entry('Elsewhere'),
	]
	const query = parseCatalogueQuery('chain=Left&status=can-start')
	expect(query).toEqual({ q: '', chain: 'left', status: 'can-start' })
	expect(serialiseCatalogueQuery(query)).toBe('status=can-start&chain=left')
	expect(hasFilters(parseCatalogueQuery('chain=top'))).toBe(true)
	expect(names(applyCatalogueQuery(chainList, parseCatalogueQuery('chain=top')))).toEqual(['Left', 'Right', 'Root', 'Top'])
	const statusOf = (e: QuestListEntry) => (e.name === 'Root' ? 'can-start' : 'locked')
	expect(names(applyCatalogueQuery(chainList, query, statusOf))).toEqual(['Root'])
	// An unknown or malformed slug shows the whole list rather than nothing.
	expect(applyCatalogueQuery(chainList, parseCatalogueQuery('chain=nope'))).toHaveLength(5)
	expect(parseCatalogueQuery('chain=../etc')).toEqual({ q: '' })
})

test('a quest is found by the names of what it unlocks ("prif" finds Plague\'s End)', () => {
	const plague = entry("Plague's End", { unlockNames: ['Prifddinas', 'Prif', 'Elf city'] })
	const list = [plague, entry('Prisoner of Glouphrie'), entry("Cook's Assistant")]
	expect(searchRank(plague, 'prif')).toBe(0)
	expect(searchRank(plague, 'prifddinas')).toBe(0)
	expect(searchRank(plague, 'elf')).toBe(2)
	expect(names(applyCatalogueQuery(list, parseCatalogueQuery('q=prif')))).toEqual(["Plague's End"])
})
