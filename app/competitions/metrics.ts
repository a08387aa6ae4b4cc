/**
 * Competition metrics, as the API and the form spell them: `magic` (one skill's XP),
 * `attack+strength+defence` (several skills' XP summed), `overall` (total XP), `levels` (real
 * levels gained), and from the adventurer's log `kills:<boss>`, `kills`, `drops:<item>`, `drops`,
 * `caps` (citadel caps).
 */
import { getSkill, type SkillName } from '#app/lib/skills.ts'

export type Metric =
	| { kind: 'xp'; skills: SkillName[] }
	| { kind: 'overall' }
	| { kind: 'levels' }
	/** `boss` in lower case with single spaces, compared through `bossKey`; null = any boss. */
	| { kind: 'kills'; boss: string | null }
	/** `item` in lower case with single spaces; null = any drop. */
	| { kind: 'drops'; item: string | null }
	| { kind: 'caps' }

const MAX_NAME_LENGTH = 100

/** The metric a string names, or a message saying why it names none. */
export function parseMetric(raw: string): { ok: true; metric: Metric } | { ok: false; message: string } {
	const text = raw.trim().toLowerCase()
	if (text === 'overall') return { ok: true, metric: { kind: 'overall' } }
	if (text === 'levels') return { ok: true, metric: { kind: 'levels' } }
	if (text === 'caps') return { ok: true, metric: { kind: 'caps' } }
	if (text === 'kills') return { ok: true, metric: { kind: 'kills', boss: null } }
	if (text === 'drops') return { ok: true, metric: { kind: 'drops', item: null } }
	const colon = /^(kills|drops):(.*)$/.exec(text)
	if (colon) {
		const name = singleSpaces(colon[2]!)
		if (name === '' || name.length > MAX_NAME_LENGTH)
			return {
				ok: false,
				message: `"${raw}" needs a name of 1–${MAX_NAME_LENGTH} characters after "${colon[1]}:".`,
			}
		if (colon[1] === 'kills') return { ok: true, metric: { kind: 'kills', boss: name } }
		return { ok: true, metric: { kind: 'drops', item: name } }
	}
	const names = text.split('+').map((part) => part.trim())
	const skills = names.map((name) => getSkill(name)?.name)
	if (skills.every((skill) => skill !== undefined) && new Set(skills).size === skills.length)
		return { ok: true, metric: { kind: 'xp', skills } }
	return {
		ok: false,
		message: `Unknown metric "${raw}": use a skill (magic), skills joined by + (attack+strength), overall, levels, kills, kills:<boss>, drops, drops:<item> or caps.`,
	}
}

/** The metric spelled the one way `parseMetric` reads back. */
export function metricName(metric: Metric): string {
	switch (metric.kind) {
		case 'xp':
			return metric.skills.join('+')
		case 'kills':
			return metric.boss === null ? 'kills' : `kills:${metric.boss}`
		case 'drops':
			return metric.item === null ? 'drops' : `drops:${metric.item}`
		default:
			return metric.kind
	}
}

function singleSpaces(text: string): string {
	return text.replace(/\s+/g, ' ').trim()
}

/**
 * One key per boss, whether the log says it once or several times: "I killed 12 Amascuts." and
 * "I killed  Amascut." (or `kills:amascut`, `kills:Amascuts`) all give `amascut`. Lower case,
 * single spaces, no leading "the" or final full stop, and one final "s" dropped from every
 * spelling, the singular too, so a name ending in s ("Kree'arras") still meets itself. Not
 * idempotent ("Bess" → "bes" → "be"): compare two keys, never key a key.
 */
export function bossKey(name: string): string {
	return singleSpaces(name.toLowerCase()).replace(/\.$/, '').replace(/^the /, '').replace(/s$/, '')
}

/**
 * Whether a log drop ("some Dragon bones", "a pair of Dragon Rider boots" once the classifier took
 * "a") is the item a metric names: the name's words appear together in the item's, in any case.
 */
export function dropMatches(item: string, wanted: string): boolean {
	const words = ` ${singleSpaces(item.toLowerCase())} `
	return words.includes(` ${wanted} `)
}
