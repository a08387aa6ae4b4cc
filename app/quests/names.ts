/** Quest names: slugs, lookup by name or alias, wiki links and difficulty labels. */

export const DIFFICULTY_LABELS: Readonly<Record<number, string>> = {
	0: 'Novice',
	1: 'Intermediate',
	2: 'Experienced',
	3: 'Master',
	4: 'Grandmaster',
	250: 'Special',
}

export function difficultyLabel(difficulty: number): string {
	return DIFFICULTY_LABELS[difficulty] ?? 'Unknown'
}

/**
 * The key used to compare quest names and aliases: trimmed, inner whitespace collapsed,
 * typographic apostrophes made straight, lower-case. `names.json` is keyed by it.
 */
export function normaliseQuestName(input: string): string {
	return input
		.replace(/[\u2018\u2019\u02bc`]/g, "'")
		.replace(/\s+/g, ' ')
		.trim()
		.toLowerCase()
}

/**
 * URL/file slug: lower-case kebab-case, accents folded, apostrophes and dots dropped
 * ("Another Slice of H.A.M." → "another-slice-of-ham"), any other run of punctuation or
 * spaces becomes one dash.
 */
export function questSlug(name: string): string {
	return name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/['\u2018\u2019\u02bc`.]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
}

/**
 * Encodes a wiki page title the way MediaWiki writes it in URLs: spaces as `_`, percent-encoding
 * except for the characters MediaWiki leaves readable (`/ : ; @ $ ! * ( ) , ~`); an apostrophe
 * becomes `%27`.
 */
/** A quest's page: `/quests/the-world-wakes`. */
export function questPath(slug: string): string {
	return `/quests/${slug}`
}

export function encodeWikiTitle(title: string): string {
	return encodeURIComponent(title.trim().replace(/ /g, '_'))
		.replace(/%(2F|3A|3B|40|24|21|2A|28|29|2C|7E)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
		.replace(/'/g, '%27')
}

function wikiPageUrl(title: string): string {
	return `https://runescape.wiki/w/${encodeWikiTitle(title)}`
}

/** Not every quest has a quick guide page on the wiki; link it as a hint, not a promise. */
export function wikiQuickGuideUrl(title: string): string {
	return `${wikiPageUrl(title)}/Quick_guide`
}

interface Named {
	name: string
	aliases?: readonly string[]
}

export interface QuestIndex<T extends Named> {
	/**
	 * Exact match on name or alias (case-insensitive), then on the slug of either, then on that
	 * slug without a "(miniquest)" or "(saga)" suffix ("bar crawl"). Ambiguous loose keys match
	 * nothing.
	 */
	find(nameOrAlias: string): T | undefined
	/** Up to `limit` quests whose name or alias contains the input, for "did you mean" hints. */
	suggest(input: string, limit?: number): T[]
}

export function createQuestIndex<T extends Named>(quests: readonly T[]): QuestIndex<T> {
	const exact = new Map<string, T>()
	const loose = new Map<string, T | null>()
	for (const quest of quests) {
		for (const title of [quest.name, ...(quest.aliases ?? [])]) {
			const key = normaliseQuestName(title)
			if (!exact.has(key)) exact.set(key, quest)
			const slug = questSlug(title)
			const bare = slug.replace(/-(miniquest|saga)$/, '')
			for (const key of new Set([slug, bare])) {
				const seen = loose.get(key)
				// Two quests sharing a loose key make it ambiguous: answer neither.
				if (seen === undefined) loose.set(key, quest)
				else if (seen !== quest) loose.set(key, null)
			}
		}
	}
	return {
		find(nameOrAlias) {
			return exact.get(normaliseQuestName(nameOrAlias)) ?? loose.get(questSlug(nameOrAlias)) ?? undefined
		},
		suggest(input, limit = 5) {
			const needle = questSlug(input)
			if (!needle) return []
			const hits = quests.filter((q) => [q.name, ...(q.aliases ?? [])].some((title) => questSlug(title).includes(needle)))
			return hits.slice(0, limit)
		},
	}
}

const indexCache = new WeakMap<readonly Named[], QuestIndex<Named>>()

/** Looks a quest up by name or alias; the index is built once per array. */
export function findQuest<T extends Named>(quests: readonly T[], nameOrAlias: string): T | undefined {
	let index = indexCache.get(quests)
	if (!index) {
		index = createQuestIndex(quests)
		indexCache.set(quests, index)
	}
	return index.find(nameOrAlias) as T | undefined
}
