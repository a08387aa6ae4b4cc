/**
 * The adventurer's log, understood: each RuneMetrics activity (`text`, and `details` where the
 * text leaves something out) becomes one kind. Lines no rule knows are `other`, never an error:
 * Jagex adds new wordings without notice.
 */
import { getSkill, type SkillName } from '#app/lib/skills.ts'

export type LogEntryKind =
	/** `level` is null when the details do not say it. */
	| { kind: 'level'; skill: SkillName; level: number | null }
	| { kind: 'xp-milestone'; skill: SkillName; xp: number }
	| { kind: 'quest'; quest: string }
	/** `boss` as the line spells it (plural when the count is above 1: "Amascuts"). */
	| { kind: 'boss-kill'; boss: string; count: number }
	| { kind: 'drop'; item: string }
	/** `tier` in lower case: easy, medium, hard, elite, master. */
	| { kind: 'clue'; tier: string }
	| { kind: 'citadel-visit' }
	| { kind: 'citadel-cap' }
	| { kind: 'clan-fealty'; fealty: number }
	| { kind: 'other' }

export const LOG_KINDS = [
	'level',
	'xp-milestone',
	'quest',
	'boss-kill',
	'drop',
	'clue',
	'citadel-visit',
	'citadel-cap',
	'clan-fealty',
	'other',
] as const satisfies ReadonlyArray<LogEntryKind['kind']>

const CITADEL_CAP = /^Capped at my Clan Citadel\.?$/
const CITADEL_VISIT = /^Visited my Clan Citadel\.?$/
const LEVEL = /^Levelled up (.+?)\.?$/
const LEVEL_IN_DETAILS = /\blevel (\d+)\.?$/
const XP_MILESTONE = /^(\d+) ?XP in (.+?)\.?$/
const QUEST = /^Quest complete: (.+)$/
// "I killed 12 Amascuts." but "I killed  Vorago." (two spaces: a count of one is left out).
const BOSS_KILL = /^I killed (?:(\d+) | )(\S.*?)\.$/
const DROP = /^I found (?:a|an|some) (.+?)\.?$/
const CLUE = /^(\w+) treasure trail completed\.?$/
const FEALTY = /^(?:Maintained|Reached) Clan Fealty (\d+)\.?$/

export function classifyLogEntry(entry: { text: string; details?: string }): LogEntryKind {
	const text = entry.text.trim()
	if (CITADEL_CAP.test(text)) return { kind: 'citadel-cap' }
	if (CITADEL_VISIT.test(text)) return { kind: 'citadel-visit' }
	let match = LEVEL.exec(text)
	if (match) {
		const skill = getSkill(match[1]!)
		const level = LEVEL_IN_DETAILS.exec(entry.details?.trim() ?? '')
		if (skill) return { kind: 'level', skill: skill.name, level: level ? Number(level[1]) : null }
	}
	if ((match = XP_MILESTONE.exec(text))) {
		const skill = getSkill(match[2]!)
		if (skill) return { kind: 'xp-milestone', skill: skill.name, xp: Number(match[1]) }
	}
	if ((match = QUEST.exec(text))) return { kind: 'quest', quest: match[1]!.trim() }
	if ((match = BOSS_KILL.exec(text))) return { kind: 'boss-kill', boss: match[2]!, count: match[1] ? Number(match[1]) : 1 }
	if ((match = DROP.exec(text))) return { kind: 'drop', item: match[1]! }
	if ((match = CLUE.exec(text))) return { kind: 'clue', tier: match[1]!.toLowerCase() }
	if ((match = FEALTY.exec(text))) return { kind: 'clan-fealty', fealty: Number(match[1]) }
	return { kind: 'other' }
}
