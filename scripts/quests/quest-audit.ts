/**
 * `npm run quests -- audit`: compares every quest's direct prerequisites, partial and past-
 * completion requirements, levels and quest-point thresholds with a saved snapshot of an
 * external dataset (data/quests-audit/wiki-snapshot.json). A difference is either fixed in our
 * data or recorded as resolved in data/quests-audit/resolutions.yaml with its reason and source.
 */
import { z } from 'zod'
import { createQuestIndex, normaliseQuestName } from '#app/quests/names.ts'
import { compareNames } from '#app/quests/requirements.ts'
import type { Quest } from '#app/quests/schema.ts'
import type { Snapshot, SnapshotQuest } from '#scripts/quests/quest-audit-snapshot.ts'

export interface AuditDifference {
	/** Our canonical name (or the snapshot's title, for a quest we lack). */
	quest: string
	/** What is compared: `quest <name>`, `partial <name>`, `skill <skill>`, `quest points`… */
	subject: string
	/** Our value, written out ("—" for none). */
	ours: string
	/** The snapshot's value, written out ("—" for none). */
	theirs: string
}

const NONE = '—'

const text = z.string().min(1)
const why = { reason: text, source: text }

export const resolutionSchema = z.strictObject({
	quest: text,
	subject: text,
	ours: text,
	theirs: text,
	/** Why our value stays (or why the difference is not one), one line, our own words. */
	reason: text,
	/** What settles it: a wiki page, an update post, the scrape's own text… */
	source: text,
})
export type Resolution = z.infer<typeof resolutionSchema>

export const resolutionsFileSchema = z.strictObject({
	/**
	 * Requirement lines of the snapshot that our data writes as a quest ("Ability to enter
	 * Morytania" as Priest in Peril): compared as that quest.
	 */
	sameAs: z.array(z.strictObject({ theirs: text, ours: text, ...why })).default([]),
	/** Snapshot pages that are not quests in our sense (tutorials, activities): not compared. */
	notQuests: z.array(z.strictObject({ title: text, ...why })).default([]),
	/** Differences we keep, each with its reason and source. */
	differences: z.array(resolutionSchema).default([]),
})
export type ResolutionsFile = z.infer<typeof resolutionsFileSchema>

export const EMPTY_RESOLUTIONS: ResolutionsFile = { sameAs: [], notQuests: [], differences: [] }

const key = (d: Pick<AuditDifference, 'quest' | 'subject' | 'ours' | 'theirs'>) => [d.quest, d.subject, d.ours, d.theirs].join('\u0000')

const list = (values: readonly (string | number)[]) => (values.length ? [...new Set(values)].join(' / ') : NONE)

/** Looks snapshot titles up among our quests: name, alias, wiki title, "X (quest)". */
function ourNames(quests: readonly Quest[]) {
	const index = createQuestIndex(
		quests.map((q) => ({
			name: q.name,
			aliases: [...(q.aliases ?? []), ...(q.wikiTitle ? [q.wikiTitle] : [])],
		})),
	)
	return (title: string): string | undefined => index.find(title)?.name ?? index.find(title.replace(/\s*\(quest\)$/i, ''))?.name
}

function compareSets(quest: string, kind: string, ours: readonly string[], theirs: readonly string[]): AuditDifference[] {
	const out: AuditDifference[] = []
	const mine = new Set(ours)
	const yours = new Set(theirs)
	for (const name of [...new Set([...ours, ...theirs])].sort(compareNames)) {
		if (mine.has(name) === yours.has(name)) continue
		out.push({
			quest,
			subject: `${kind} ${name}`,
			ours: mine.has(name) ? 'required' : NONE,
			theirs: yours.has(name) ? 'required' : NONE,
		})
	}
	return out
}

/** The snapshot's quests read through the modelling rules, as our canonical names. */
function readTheirs(theirs: SnapshotQuest, resolve: (title: string) => string, rules: ResolutionsFile) {
	const sameAs = new Map(rules.sameAs.map((r) => [r.theirs, r.ours]))
	const notQuest = new Set(rules.notQuests.map((n) => n.title))
	const quests = [...theirs.quests, ...theirs.other]
		.map((t) => (sameAs.has(t) ? sameAs.get(t)! : notQuest.has(t) || theirs.other.includes(t) ? undefined : resolve(t)))
		.filter((t): t is string => t !== undefined)
	const partial = theirs.partial
		.filter((p) => !notQuest.has(p.quest))
		.map((p) => ({
			quest: resolve(p.quest),
			needs: [...p.needs.filter((n) => !notQuest.has(n)).map(resolve), ...p.other.filter((o) => sameAs.has(o)).map((o) => sameAs.get(o)!)],
		}))
	const fully = theirs.fully.map((f) => resolve(f.quest))
	return { quests, partial, fully }
}

function compareQuest(
	quest: Quest,
	snapshot: SnapshotQuest,
	resolve: (title: string) => string,
	rules: ResolutionsFile,
): AuditDifference[] {
	const req = quest.requirements
	const name = quest.name
	const theirs = readTheirs(snapshot, resolve, rules)
	const out: AuditDifference[] = []
	// Quests to complete: a `fully` one is a completion too.
	const ourFully = req.fully.map((f) => f.quest)
	out.push(...compareSets(name, 'quest', [...req.quest, ...ourFully], [...theirs.quests, ...theirs.fully]))
	out.push(...compareSets(name, 'fully', ourFully, theirs.fully))
	out.push(
		...compareSets(
			name,
			'partial',
			req.partial.map((p) => p.quest),
			theirs.partial.map((p) => p.quest),
		),
	)
	for (const partial of req.partial) {
		const match = theirs.partial.find((p) => p.quest === partial.quest)
		if (!match) continue
		const a = [...partial.needs.quest].sort(compareNames)
		const b = [...new Set(match.needs)].sort(compareNames)
		if (list(a) !== list(b)) {
			out.push({
				quest: name,
				subject: `partial ${partial.quest} needs`,
				ours: list(a),
				theirs: list(b),
			})
		}
	}

	// Levels: every level we name for a skill (for everyone, ironman-only or as one of a group of
	// alternatives) against every level the snapshot lists for it.
	const ourLevels = new Map<string, number[]>()
	const addLevel = (skill: string, level: number) => ourLevels.set(skill, [...(ourLevels.get(skill) ?? []), level])
	for (const s of req.skill) addLevel(s.skill, s.level)
	for (const s of req.ironman?.skill ?? []) addLevel(s.skill, s.level)
	for (const group of req.anyOf) for (const s of group.skill) addLevel(s.skill, s.level)
	const theirLevels = new Map<string, number[]>()
	for (const s of snapshot.skills) theirLevels.set(s.skill, [...(theirLevels.get(s.skill) ?? []), s.level])
	for (const skill of [...new Set([...ourLevels.keys(), ...theirLevels.keys()])].sort()) {
		const a = list([...(ourLevels.get(skill) ?? [])].sort((x, y) => x - y))
		const b = list([...(theirLevels.get(skill) ?? [])].sort((x, y) => x - y))
		if (a !== b) out.push({ quest: name, subject: `skill ${skill}`, ours: a, theirs: b })
	}
	const qpOurs = list(req.questPoints ? [req.questPoints] : [])
	const qpTheirs = list([...snapshot.questPoints].sort((x, y) => x - y))
	if (snapshot.awards !== null && snapshot.awards !== quest.questPoints) {
		out.push({
			quest: name,
			subject: 'quest points awarded',
			ours: String(quest.questPoints),
			theirs: String(snapshot.awards),
		})
	}
	if (qpOurs !== qpTheirs) out.push({ quest: name, subject: 'quest points', ours: qpOurs, theirs: qpTheirs })
	return out
}

/** Every difference between our quests and the snapshot, in quest-name order. */
export function auditQuests(quests: readonly Quest[], snapshot: Snapshot, rules: ResolutionsFile = EMPTY_RESOLUTIONS): AuditDifference[] {
	const find = ourNames(quests)
	// Names we do not have stay as the snapshot writes them, so they show up as differences.
	const resolve = (title: string) => find(title) ?? title
	const notQuest = new Set(rules.notQuests.map((n) => n.title))
	const byOurName = new Map<string, { title: string; quest: SnapshotQuest }>()
	const out: AuditDifference[] = []
	for (const [title, quest] of Object.entries(snapshot.quests)) {
		if (notQuest.has(title)) continue
		const ours = find(title)
		if (!ours) {
			out.push({ quest: title, subject: 'quest in our data', ours: NONE, theirs: 'listed' })
			continue
		}
		if (byOurName.has(ours)) {
			out.push({
				quest: ours,
				subject: `snapshot title ${title}`,
				ours: NONE,
				theirs: `also matches ${byOurName.get(ours)!.title}`,
			})
			continue
		}
		byOurName.set(ours, { title, quest })
	}
	for (const quest of quests) {
		const theirs = byOurName.get(quest.name)
		if (!theirs) {
			out.push({
				quest: quest.name,
				subject: 'quest in the snapshot',
				ours: 'listed',
				theirs: NONE,
			})
			continue
		}
		out.push(...compareQuest(quest, theirs.quest, resolve, rules))
	}
	return out.sort((a, b) => compareNames(a.quest, b.quest) || compareNames(a.subject, b.subject))
}

export interface AuditResult {
	differences: AuditDifference[]
	/** Differences with no matching resolution. */
	unresolved: AuditDifference[]
	resolved: { difference: AuditDifference; resolution: Resolution }[]
	/** Resolutions that match no difference any more (the data or the snapshot changed). */
	stale: Resolution[]
	/** Our quests with resolved differences but no `notes` line saying why. */
	withoutNotes: string[]
}

export function applyResolutions(
	quests: readonly Quest[],
	differences: readonly AuditDifference[],
	resolutions: readonly Resolution[],
): AuditResult {
	const byKey = new Map(resolutions.map((r) => [key(r), r]))
	const used = new Set<string>()
	const unresolved: AuditDifference[] = []
	const resolved: AuditResult['resolved'] = []
	for (const difference of differences) {
		const resolution = byKey.get(key(difference))
		if (!resolution) unresolved.push(difference)
		else {
			used.add(key(difference))
			resolved.push({ difference, resolution })
		}
	}
	const stale = resolutions.filter((r) => !used.has(key(r)))
	const byName = new Map(quests.map((q) => [normaliseQuestName(q.name), q]))
	const withoutNotes = [...new Set(resolved.map((r) => r.difference.quest))].filter((name) => {
		const quest = byName.get(normaliseQuestName(name))
		return quest !== undefined && !quest.notes?.length
	})
	return { differences: [...differences], unresolved, resolved, stale, withoutNotes }
}

export function formatDifference(d: AuditDifference): string {
	return `${d.quest} — ${d.subject}: ours ${d.ours}, theirs ${d.theirs}`
}

export function auditHasProblems(result: AuditResult): boolean {
	return result.unresolved.length > 0 || result.stale.length > 0 || result.withoutNotes.length > 0
}

export function formatAudit(result: AuditResult, snapshot: Snapshot): string {
	const lines: string[] = []
	const { source } = snapshot
	lines.push(
		`Audit against ${source.repository}@${source.commit.slice(0, 7)} (snapshot taken ${source.takenOn}, ${Object.keys(snapshot.quests).length} quests)`,
	)
	if (result.unresolved.length) {
		lines.push('', `Unresolved differences (${result.unresolved.length}):`)
		for (const d of result.unresolved) lines.push(`  ${formatDifference(d)}`)
	}
	if (result.stale.length) {
		lines.push('', `Resolutions that match no difference any more (${result.stale.length}):`)
		for (const r of result.stale) lines.push(`  ${formatDifference(r)}`)
	}
	if (result.withoutNotes.length) {
		lines.push('', 'Quests with kept differences but no `notes` line saying why:')
		for (const q of result.withoutNotes) lines.push(`  ${q}`)
	}
	const ok = !auditHasProblems(result)
	lines.push(
		'',
		`${ok ? '✓' : '✗'} ${result.differences.length} difference(s): ${result.resolved.length} resolved, ${result.unresolved.length} unresolved; ${result.stale.length} stale resolution(s).`,
	)
	return lines.join('\n')
}
