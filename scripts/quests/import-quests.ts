/**
 * ONE-OFF maintainer tool, run by hand: `npx tsx scripts/quests/import-quests.ts <sourceDir> [--force]`.
 *
 * It generated `data/quests/*.yaml` from the team's import bundle (quests.source.json,
 * additions.json, corrections.json), which lives outside this repository. Since the import,
 * `data/quests/` is the source of truth and is edited by hand; nothing imports this script and
 * no build or test runs it. It is kept as a record of how the data was made and which fixes
 * were applied (see data/quests/README.md).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkQuestData, formatIssue } from '#app/quests/check.ts'
import { questSlug } from '#app/quests/names.ts'
import { looksLikeQuestPointText, type QuestInput } from '#app/quests/schema.ts'
import { formatQuestYaml } from '#scripts/quests/quest-yaml.ts'

type SourceQuest = {
	name: string
	difficulty: number
	members: boolean
	questPoints: number
	requirements: { quest: string[]; skill: { skill: string; level: number }[]; other?: string[] }
}
type Draft = Omit<QuestInput, 'requirements' | 'difficulty'> & {
	difficulty: number
	requirements: {
		quest: string[]
		skill: { skill: string; level: number }[]
		questPoints?: number
		other: string[]
	}
}
type Patch = {
	name: string
	set?: Partial<Pick<SourceQuest, 'difficulty' | 'members' | 'questPoints'>>
	addOther?: string[]
	addQuest?: string[]
	removeOther?: string[]
}
type Corrections = {
	renames: { from: string; to: string }[]
	patches: Patch[]
}

/** Community abbreviations and other spellings players type; only ones in wide use. */
const ALIASES: Record<string, string[]> = {
	'Desert Treasure': ['DT'],
	'While Guthix Sleeps': ['WGS'],
	'The World Wakes': ['TWW'],
	'Recipe for Disaster': ['RFD'],
	"Mourning's End Part I": ['MEP1', "Mourning's End Part 1"],
	"Mourning's End Part II": ['MEP2', "Mourning's End Part 2"],
	"Sliske's Endgame": ['SE'],
	'Fate of the Gods': ['FotG'],
	'Ritual of the Mahjarrat': ['RotM'],
	'Monkey Madness': ['MM'],
}

/** Wiki page titles that differ from the RuneMetrics title (from the bundle's README). */
const WIKI_TITLES: Record<string, string> = {
	'Father and Son': 'Father and Son (miniquest)',
}

/** Only sets whose members share the set's name, so membership is beyond doubt. */
const SERIES: [RegExp, string][] = [
	[/^Recipe for Disaster\b/, 'Recipe for Disaster'],
	[/^Dimension of Disaster\b/, 'Dimension of Disaster'],
	[/^Once Upon a Time in Gielinor\b/, 'Once Upon a Time in Gielinor'],
	[/^That Old Black Magic\b/, 'That Old Black Magic'],
	[/^A Fairy Tale I/, 'A Fairy Tale'],
	[/^Elemental Workshop I/, 'Elemental Workshop'],
	[/^Doric's Task /, "Doric's Tasks"],
	[/^Boric's Task /, "Boric's Tasks"],
	[/^Civil War I/, 'Civil War'],
	[/^Mourning's End Part /, "Mourning's End"],
	[/^Eye of Het I/, 'Eye of Het'],
	[/^Violet is Blue\b/, 'Violet is Blue'],
]

const log: string[] = []

function clean(text: string): string {
	return text.replace(/\s+/g, ' ').trim()
}

function get(drafts: Map<string, Draft>, name: string): Draft {
	const draft = drafts.get(name)
	if (!draft) throw new Error(`import: no quest named ${JSON.stringify(name)}`)
	return draft
}

function toDraft(q: SourceQuest): Draft {
	const other = (q.requirements.other ?? []).map((o) => {
		const c = clean(o)
		if (c !== o) log.push(`${q.name}: trimmed whitespace in ${JSON.stringify(o)}`)
		return c
	})
	return {
		name: clean(q.name),
		difficulty: q.difficulty,
		members: q.members,
		questPoints: q.questPoints,
		requirements: {
			quest: q.requirements.quest.map(clean),
			skill: q.requirements.skill.map((s) => ({ skill: s.skill, level: s.level })),
			other,
		},
	}
}

function applyCorrections(drafts: Map<string, Draft>, corrections: Corrections) {
	for (const patch of corrections.patches) {
		const d = get(drafts, patch.name)
		for (const [key, value] of Object.entries(patch.set ?? {})) {
			log.push(`${d.name}: ${key} ${JSON.stringify(d[key as keyof Draft])} → ${JSON.stringify(value)}`)
			Object.assign(d, { [key]: value })
		}
		for (const text of patch.addOther ?? []) {
			d.requirements.other.push(text)
			log.push(`${d.name}: added requirement ${JSON.stringify(text)}`)
		}
		for (const prereq of patch.addQuest ?? []) {
			if (!d.requirements.quest.includes(prereq)) d.requirements.quest.push(prereq)
			log.push(`${d.name}: added prerequisite ${JSON.stringify(prereq)}`)
		}
		for (const text of patch.removeOther ?? []) {
			d.requirements.other = d.requirements.other.filter((o) => o !== text)
			log.push(`${d.name}: removed requirement ${JSON.stringify(text)}`)
		}
	}
	// The data is keyed to RuneMetrics titles, which still use the old name: keep it, add the new.
	for (const { from, to } of corrections.renames) {
		const d = get(drafts, from)
		d.aliases = [...(d.aliases ?? []), to]
		d.wikiTitle = to
		log.push(`${from}: kept the RuneMetrics title, added the wiki title ${JSON.stringify(to)} as an alias`)
	}
}

function applyKnownDefects(drafts: Map<string, Draft>) {
	const rfd = get(drafts, 'Recipe for Disaster: Defeating the Culinaromancer')
	rfd.requirements.other = rfd.requirements.other.map((o) => (o.startsWith('176 quest points') ? '176 Quest Points' : o))
	log.push(`${rfd.name}: garbled "176 quest points You have 93 quest points" read as 176 quest points`)

	const acs = get(drafts, 'A Clockwork Syringe')
	acs.requirements.skill.push({ skill: 'smithing', level: 74 })
	acs.requirements.skill.sort((a, b) => a.skill.localeCompare(b.skill, 'en'))
	log.push(`${acs.name}: added Smithing 74 (listed by the wiki scrape in corrections.json)`)

	for (const d of drafts.values()) {
		const redundant = 'Full completion of Missing My Mummy'
		if (d.requirements.other.includes(redundant) && d.requirements.quest.includes('Missing My Mummy')) {
			d.requirements.other = d.requirements.other.filter((o) => o !== redundant)
			log.push(`${d.name}: dropped "${redundant}" (Missing My Mummy is already a prerequisite)`)
		}
	}

	// Free-text quest-point thresholds become the structured requirements.questPoints.
	for (const d of drafts.values()) {
		const keep: string[] = []
		for (const text of d.requirements.other) {
			const match = /^(\d[\d,]*) quest points$/i.exec(text)
			if (match) {
				const points = Number(match[1]!.replace(/,/g, ''))
				d.requirements.questPoints = Math.max(points, d.requirements.questPoints ?? 0)
				log.push(`${d.name}: "${text}" → requirements.questPoints ${points}`)
			} else if (looksLikeQuestPointText(text)) {
				throw new Error(`import: unhandled quest-point text in ${d.name}: ${text}`)
			} else keep.push(text)
		}
		d.requirements.other = keep
	}
}

function applyExtras(drafts: Map<string, Draft>) {
	for (const [name, aliases] of Object.entries(ALIASES)) {
		const d = get(drafts, name)
		d.aliases = [...(d.aliases ?? []), ...aliases]
	}
	for (const [name, title] of Object.entries(WIKI_TITLES)) {
		const d = get(drafts, name)
		d.wikiTitle = title
		d.aliases = [...(d.aliases ?? []), title]
	}
	for (const d of drafts.values()) {
		const series = SERIES.find(([pattern]) => pattern.test(d.name))
		if (series) d.series = series[1]
	}
}

function main() {
	const args = process.argv.slice(2)
	const force = args.includes('--force')
	const root = fileURLToPath(new URL('../..', import.meta.url))
	const sourceDir = args.find((a) => !a.startsWith('--'))
	if (!sourceDir) {
		console.error('usage: npx tsx scripts/quests/import-quests.ts <folder with quests.source.json> [--force]')
		process.exit(2)
	}
	const outDir = join(root, 'data', 'quests')
	const read = <T>(file: string): T => JSON.parse(readFileSync(join(sourceDir, file), 'utf8')) as T

	const source = read<{ Quests: SourceQuest[] }>('quests.source.json').Quests
	const additions = read<{ Quests: SourceQuest[] }>('additions.json').Quests
	const corrections = read<Corrections>('corrections.json')

	const drafts = new Map<string, Draft>()
	for (const q of source) drafts.set(clean(q.name), toDraft(q))
	for (const q of additions) {
		if (drafts.has(q.name)) throw new Error(`import: addition ${q.name} already exists`)
		// No source gave the new quests' quest points: they are estimates.
		drafts.set(q.name, { ...toDraft(q), unverified: ['questPoints'] })
	}
	applyCorrections(drafts, corrections)
	applyKnownDefects(drafts)
	applyExtras(drafts)

	const files = [...drafts.values()].map((d) => ({
		file: `data/quests/${questSlug(d.name)}.yaml`,
		data: d as unknown,
	}))
	const { issues } = checkQuestData(files)
	if (issues.length > 0) {
		for (const issue of issues) process.stderr.write(`${formatIssue(issue)}\n`)
		process.exit(1)
	}

	const existing = existsSync(outDir) ? readdirSync(outDir).filter((f) => f.endsWith('.yaml')) : []
	if (existing.length > 0 && !force) {
		process.stderr.write(`${outDir} already holds ${existing.length} quest files; pass --force to replace them\n`)
		process.exit(2)
	}
	mkdirSync(outDir, { recursive: true })
	for (const f of existing) rmSync(join(outDir, f))
	for (const d of drafts.values()) {
		writeFileSync(join(outDir, `${questSlug(d.name)}.yaml`), formatQuestYaml(d as QuestInput))
	}
	copyFileSync(join(sourceDir, 'LICENSE.source'), join(outDir, 'LICENSE.source'))
	process.stdout.write(`${log.join('\n')}\n\nwrote ${drafts.size} quests to ${outDir}\n`)
}

main()
