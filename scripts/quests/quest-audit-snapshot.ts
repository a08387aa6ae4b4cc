/**
 * The saved snapshot the quest audit compares our data with (data/quests-audit/wiki-snapshot.json)
 * and how it is made from a RuneScape Wiki scrape: only the requirement facts we compare, in our
 * own shape. The scrape is read as data; nothing of its code is used.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

const name = z.string().min(1)

export const snapshotQuestSchema = z.strictObject({
	/** The scrape's file for the quest (its wiki page). */
	file: name,
	/** When the wiki page was last updated, as the scrape says (YYYY-MM-DD). */
	updated: z.iso.date().optional(),
	/** Direct prerequisites: top-level quests of the wiki's requirement tree. */
	quests: z.array(name),
	/** "Partial completion of X": the quest, and the quests and other lines listed under it. */
	partial: z.array(z.strictObject({ quest: name, needs: z.array(name), other: z.array(name) })),
	/** "Unabridged X with 100%", "Full completion of X". */
	fully: z.array(z.strictObject({ quest: name, until: name })),
	/** Every other requirement line (not compared: ours are in our own words). */
	other: z.array(name),
	/**
	 * Levels in page order. The wiki's list merges ironman-only levels and a few levels from
	 * item notes into it, so a skill can appear twice.
	 */
	skills: z.array(z.strictObject({ skill: name, level: z.int().min(1) })),
	/** Quest-point thresholds in page order (same caveat as skills). */
	questPoints: z.array(z.int().min(1)),
	/**
	 * Quest points the quest awards: the first "N quest point(s)" reward; 0 when the page lists
	 * rewards but no quest points; null when it lists no rewards at all.
	 */
	awards: z.int().min(0).nullable(),
})
export type SnapshotQuest = z.infer<typeof snapshotQuestSchema>

export const snapshotSchema = z.strictObject({
	source: z.strictObject({
		repository: name,
		commit: name,
		path: name,
		takenOn: z.iso.date(),
		note: name,
	}),
	/** Keyed by the wiki's title of the quest, sorted. */
	quests: z.record(name, snapshotQuestSchema),
})
export type Snapshot = z.infer<typeof snapshotSchema>

/** A requirement node of the scrape's tree, as far as we read it. */
interface ScrapeNode {
	title: string
	matchTitle?: string
	children?: ScrapeNode[]
}

const scrapeQuestSchema = z.looseObject({
	title: z.string().min(1),
	guideLastUpdated: z.string().optional(),
	requirements: z.looseObject({
		quests: z.array(z.any()),
		skills: z.array(z.looseObject({ skill: z.string(), level: z.number() })),
	}),
	rewards: z.array(z.looseObject({ display: z.string().nullish() })).default([]),
})

function questPointsAwarded(rewards: readonly { display?: string | null }[]): number | null {
	if (rewards.length === 0) return null
	for (const { display } of rewards) {
		const match = /^(\d+) quest points?\b/i.exec(display?.trim() ?? '')
		if (match) return Number(match[1])
	}
	return 0
}

/** The wiki collapses a repeated subtree as "Title…". */
const clean = (title: string) => title.replace(/…$/, '').trim()

function fromScrapeQuest(file: string, json: z.infer<typeof scrapeQuestSchema>, isQuest: (title: string) => boolean): SnapshotQuest {
	const out: SnapshotQuest = {
		file,
		...(json.guideLastUpdated ? { updated: json.guideLastUpdated.slice(0, 10) } : {}),
		quests: [],
		partial: [],
		fully: [],
		other: [],
		skills: [],
		questPoints: [],
		awards: questPointsAwarded(json.rewards),
	}
	const children = (node: ScrapeNode) => (node.children ?? []).map((c) => clean(c.title))
	const visit = (nodes: readonly ScrapeNode[]) => {
		for (const node of nodes) {
			const title = clean(node.title)
			const target = node.matchTitle ? clean(node.matchTitle) : undefined
			if (/^partial completion of /i.test(title)) {
				out.partial.push({
					quest: target ?? title.replace(/^partial completion of /i, ''),
					needs: children(node).filter((t) => isQuest(t)),
					other: children(node).filter((t) => !isQuest(t)),
				})
			} else if (/^unabridged .+ with 100\s*%$/i.test(title)) {
				out.fully.push({
					quest: target ?? title.replace(/^unabridged | with 100\s*%$/gi, ''),
					until: '100 % (unabridged)',
				})
			} else if (/^full completion of /i.test(title)) {
				out.fully.push({
					quest: target ?? title.replace(/^full completion of /i, ''),
					until: 'full completion',
				})
				// What a full completion needs is needed here too.
				visit(node.children ?? [])
			} else if (isQuest(title)) out.quests.push(title)
			else out.other.push(title)
		}
	}
	visit(json.requirements.quests as ScrapeNode[])
	for (const { skill, level } of json.requirements.skills) {
		if (/^quest points?$/i.test(skill.trim())) out.questPoints.push(level)
		else out.skills.push({ skill: skill.trim().toLowerCase(), level })
	}
	return out
}

/**
 * Builds a snapshot from the scrape's `data/quests/*.json` files. A tree node counts as a quest
 * when its title (or the title with " (quest)") is the title of one of the scraped quests.
 */
export function snapshotFromScrape(files: readonly { file: string; json: unknown }[], source: Snapshot['source']): Snapshot {
	const parsed = files.map(({ file, json }) => {
		const result = scrapeQuestSchema.safeParse(json)
		if (!result.success) {
			throw new Error(`${file}: not a scraped quest (${result.error.issues[0]!.message})`)
		}
		return { file, json: result.data }
	})
	const titles = new Set(parsed.map((p) => p.json.title))
	const isQuest = (title: string) => titles.has(title) || titles.has(`${title} (quest)`)
	const quests: Snapshot['quests'] = {}
	for (const { file, json } of [...parsed].sort((a, b) => (a.json.title < b.json.title ? -1 : a.json.title > b.json.title ? 1 : 0))) {
		quests[json.title] = fromScrapeQuest(file, json, isQuest)
	}
	return { source, quests }
}

/** Reads every `*.json` in a folder (a checkout of the scrape's data/quests/). */
export function readScrapeFolder(dir: string): { file: string; json: unknown }[] {
	return readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => ({ file, json: JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown }))
}
