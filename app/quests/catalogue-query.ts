/**
 * The quest catalogue's search, filters and sorting, and their URL form
 * (`/quests?q=dt&difficulty=3&members=free&sort=qp`). Shared by the server render and the live
 * filtering in the browser, so both show the same list for the same URL.
 */
import type { QuestCatalogueEntry } from '#app/quests/artifacts.ts'
import { DIFFICULTY_LABELS, normaliseQuestName, questSlug } from '#app/quests/names.ts'
import { compareNames } from '#app/quests/requirements.ts'
import type { QuestDifficulty } from '#app/quests/schema.ts'

/**
 * What the quest list needs of a catalogue entry (the chain's combined levels are left out), and
 * the names of what the quest unlocks that players search by ("Prifddinas", "prif").
 */
export type QuestListEntry = Omit<QuestCatalogueEntry, 'totalSkills'> & { unlockNames?: string[] }

export type QuestStatus = 'completed' | 'can-start' | 'locked'

export const DIFFICULTIES = Object.keys(DIFFICULTY_LABELS)
	.map(Number)
	.sort((a, b) => a - b) as QuestDifficulty[]

type MembersFilter = 'free' | 'members'

/** `none`: quests that award no quest points; a number: quests that award at least that many. */
export type QuestPointsFilter = 'none' | number
export const QUEST_POINT_FILTERS: readonly QuestPointsFilter[] = [1, 2, 3, 4, 5, 'none']

export const STATUS_FILTERS = ['can-start', 'not-completed', 'completed', 'locked'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

const SORT_KEYS = ['name', 'difficulty', 'qp', 'reqs'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'

/** The direction a sort starts in: most quest points first, otherwise smallest first. */
export const DEFAULT_DIRECTION: Record<SortKey, SortDirection> = {
	name: 'asc',
	difficulty: 'asc',
	qp: 'desc',
	reqs: 'asc',
}

export interface CatalogueQuery {
	/** Name or alias to search for; '' for none. */
	q: string
	difficulty?: QuestDifficulty
	members?: MembersFilter
	qp?: QuestPointsFilter
	/** Needs player data; ignored while none is loaded. */
	status?: StatusFilter
	/** A quest's slug: only the quests of its requirement chain (itself included). */
	chain?: string
	/** Unset: best match first when searching, else by name. */
	sort?: SortKey
	dir?: SortDirection
}

const MAX_SEARCH_LENGTH = 100
const CHAIN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function one<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
	const v = value?.trim().toLowerCase()
	return allowed.find((a) => a === v)
}

function parseDifficulty(value: string | null): QuestDifficulty | undefined {
	const v = value?.trim().toLowerCase()
	if (!v) return undefined
	if (/^\d+$/.test(v)) return DIFFICULTIES.find((d) => d === Number(v))
	return DIFFICULTIES.find((d) => DIFFICULTY_LABELS[d]!.toLowerCase() === v)
}

function parseMembers(value: string | null): MembersFilter | undefined {
	const v = value?.trim().toLowerCase()
	if (v === 'free' || v === 'f2p') return 'free'
	if (v === 'members' || v === 'member' || v === 'p2p') return 'members'
	return undefined
}

function parseQuestPoints(value: string | null): QuestPointsFilter | undefined {
	const v = value?.trim().toLowerCase()
	if (v === 'none') return 'none'
	if (!v || !/^\d{1,3}$/.test(v) || Number(v) < 1) return undefined
	return Number(v)
}

/**
 * Reads a query from the URL. Anything unknown or malformed is ignored (a shared link with a
 * typo still shows the list), never an error.
 */
export function parseCatalogueQuery(params: URLSearchParams | string): CatalogueQuery {
	const p = typeof params === 'string' ? new URLSearchParams(params) : params
	const query: CatalogueQuery = {
		q: (p.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH),
	}
	const difficulty = parseDifficulty(p.get('difficulty'))
	if (difficulty !== undefined) query.difficulty = difficulty
	const members = parseMembers(p.get('members'))
	if (members) query.members = members
	const qp = parseQuestPoints(p.get('qp'))
	if (qp !== undefined) query.qp = qp
	const status = one(p.get('status'), STATUS_FILTERS)
	if (status) query.status = status
	const chain = p.get('chain')?.trim().toLowerCase()
	if (chain && CHAIN_SLUG.test(chain)) query.chain = chain
	// `sort=qp-asc` (what the form's one sort menu sends) is `sort=qp&dir=asc`.
	const [sortKey = '', sortDir = null] = (p.get('sort') ?? '').split('-')
	const sort = one(sortKey, SORT_KEYS)
	if (sort) query.sort = sort
	const dir = one(p.get('dir') ?? sortDir, ['asc', 'desc'] as const)
	// A direction means something only with a sort, and only when it is not that sort's own.
	if (sort && dir && dir !== DEFAULT_DIRECTION[sort]) query.dir = dir
	return query
}

/** The sort menu's value for a query: '' (the default), `qp`, `qp-asc`… */
export function sortMenuValue(query: CatalogueQuery): string {
	if (!query.sort) return ''
	return query.dir && query.dir !== DEFAULT_DIRECTION[query.sort] ? `${query.sort}-${query.dir}` : query.sort
}

/** The shortest URL query for a query, in a fixed order; '' when nothing is set. */
export function serialiseCatalogueQuery(query: CatalogueQuery): string {
	const p = new URLSearchParams()
	const q = query.q.trim()
	if (q) p.set('q', q)
	if (query.difficulty !== undefined) p.set('difficulty', String(query.difficulty))
	if (query.members) p.set('members', query.members)
	if (query.qp !== undefined) p.set('qp', String(query.qp))
	if (query.status) p.set('status', query.status)
	if (query.chain) p.set('chain', query.chain)
	if (query.sort) {
		p.set('sort', query.sort)
		if (query.dir && query.dir !== DEFAULT_DIRECTION[query.sort]) p.set('dir', query.dir)
	}
	return p.toString()
}

function initials(title: string): string {
	return questSlug(title)
		.split('-')
		.map((word) => word[0] ?? '')
		.join('')
}

/**
 * How well a quest matches a search, lower is better: 0 the name, an alias or the name of what it
 * unlocks exactly ("prif"), 1 the initials of the name ("wgs"), 2 the start of one of those, 3
 * anywhere in them; undefined when it does not match. Punctuation and case do not count
 * ("cooks assistant").
 */
export function searchRank(entry: Pick<QuestListEntry, 'name' | 'aliases' | 'unlockNames'>, search: string) {
	const needle = normaliseQuestName(search)
	if (!needle) return 0
	const needleSlug = questSlug(search)
	const titles = [entry.name, ...(entry.aliases ?? []), ...(entry.unlockNames ?? [])]
	const slugs = titles.map(questSlug)
	if (titles.some((t) => normaliseQuestName(t) === needle)) return 0
	if (needleSlug && slugs.includes(needleSlug)) return 0
	const compact = needleSlug.replace(/-/g, '')
	if (compact.length >= 2 && initials(entry.name) === compact) return 1
	if (needleSlug && slugs.some((s) => s.startsWith(needleSlug))) return 2
	if (titles.some((t) => normaliseQuestName(t).startsWith(needle))) return 2
	if (needleSlug && slugs.some((s) => s.includes(needleSlug))) return 3
	if (titles.some((t) => normaliseQuestName(t).includes(needle))) return 3
	return undefined
}

/** Quests to do first, parts of quests included. */
function requirementCount(entry: QuestListEntry): number {
	return entry.prerequisiteCount + (entry.partialStepCount ?? 0)
}

const SORT_VALUE: Record<SortKey, (entry: QuestListEntry) => number> = {
	name: () => 0,
	difficulty: (e) => e.difficulty,
	qp: (e) => e.questPoints,
	reqs: requirementCount,
}

function sortCompare(key: SortKey, dir: SortDirection) {
	const sign = dir === 'asc' ? 1 : -1
	const value = SORT_VALUE[key]
	return (a: QuestListEntry, b: QuestListEntry) => {
		if (key === 'name') return sign * compareNames(a.name, b.name)
		const primary = value(a) - value(b)
		if (primary !== 0) return sign * primary
		// For "requirements", the quest's own skills break ties before the name does.
		if (key === 'reqs') {
			const skills = Object.keys(a.skills).length - Object.keys(b.skills).length
			if (skills !== 0) return sign * skills
		}
		return compareNames(a.name, b.name)
	}
}

function matchesFilters(entry: QuestListEntry, query: CatalogueQuery, statusOf?: (entry: QuestListEntry) => QuestStatus): boolean {
	if (query.difficulty !== undefined && entry.difficulty !== query.difficulty) return false
	if (query.members === 'free' && entry.members) return false
	if (query.members === 'members' && !entry.members) return false
	if (query.qp === 'none' && entry.questPoints !== 0) return false
	if (typeof query.qp === 'number' && entry.questPoints < query.qp) return false
	if (query.status && statusOf) {
		const status = statusOf(entry)
		if (query.status === 'not-completed') return status !== 'completed'
		return status === query.status
	}
	return true
}

/**
 * The names of the quests in a quest's requirement chain (the quest and everything it needs,
 * directly or not), or undefined when no quest in `list` has that slug.
 */
export function chainMembers(list: readonly Pick<QuestListEntry, 'name' | 'slug' | 'quests'>[], slug: string): Set<string> | undefined {
	const target = list.find((q) => q.slug === slug)
	if (!target) return undefined
	const byName = new Map(list.map((q) => [q.name, q]))
	const members = new Set<string>()
	const stack = [target.name]
	while (stack.length > 0) {
		const name = stack.pop()!
		if (members.has(name)) continue
		members.add(name)
		for (const prerequisite of byName.get(name)?.quests ?? []) stack.push(prerequisite)
	}
	return members
}

/**
 * The quests a query shows, in order. `statusOf` gives each quest's status for the loaded
 * player; without it the status filter is ignored. An unknown `chain` slug is ignored.
 */
export function applyCatalogueQuery<T extends QuestListEntry>(
	list: readonly T[],
	query: CatalogueQuery,
	statusOf?: (entry: QuestListEntry) => QuestStatus,
): T[] {
	const chain = query.chain ? chainMembers(list, query.chain) : undefined
	const ranked: { entry: T; rank: number }[] = []
	for (const entry of list) {
		if (chain && !chain.has(entry.name)) continue
		const rank = query.q ? searchRank(entry, query.q) : 0
		if (rank === undefined || !matchesFilters(entry, query, statusOf)) continue
		ranked.push({ entry, rank })
	}
	if (query.q && !query.sort) {
		ranked.sort((a, b) => a.rank - b.rank || compareNames(a.entry.name, b.entry.name))
	} else {
		const key = query.sort ?? 'name'
		const compare = sortCompare(key, query.dir ?? DEFAULT_DIRECTION[key])
		ranked.sort((a, b) => compare(a.entry, b.entry))
	}
	return ranked.map((r) => r.entry)
}

/** Whether any filter is set (the search box aside). */
export function hasFilters(query: CatalogueQuery): boolean {
	return (
		query.difficulty !== undefined ||
		query.members !== undefined ||
		query.qp !== undefined ||
		query.status !== undefined ||
		query.chain !== undefined
	)
}
