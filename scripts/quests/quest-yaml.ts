import { stringify } from 'yaml'
import type { QuestInput } from '#app/lib/quests/schema.ts'

function scalar(value: string | number | boolean): string {
	return stringify(value, { lineWidth: 0 }).replace(/\n$/, '')
}

function list(key: string, items: readonly string[], indent: string): string[] {
	if (items.length === 0) return [`${indent}${key}: []`]
	return [`${indent}${key}:`, ...items.map((item) => `${indent}  - ${scalar(item)}`)]
}

/**
 * Writes one quest as YAML in a fixed key order, one list item per line, so that changing one
 * fact of one quest is a one-line diff. Empty requirement lists are written out (`quest: []`)
 * to show where to add things.
 */
export function formatQuestYaml(quest: QuestInput): string {
	const req = quest.requirements
	const lines = [`name: ${scalar(quest.name)}`]
	if (quest.aliases?.length) lines.push(...list('aliases', quest.aliases, ''))
	if (quest.wikiTitle) lines.push(`wikiTitle: ${scalar(quest.wikiTitle)}`)
	lines.push(
		`difficulty: ${quest.difficulty}`,
		`members: ${quest.members}`,
		`questPoints: ${quest.questPoints}`,
	)
	if (quest.series) lines.push(`series: ${scalar(quest.series)}`)
	if (quest.released) lines.push(`released: ${quest.released}`)
	lines.push('requirements:')
	lines.push(...list('quest', req.quest ?? [], '  '))
	const skills = req.skill ?? []
	if (skills.length === 0) lines.push('  skill: []')
	else {
		lines.push('  skill:')
		for (const s of skills) lines.push(`    - { skill: ${s.skill}, level: ${s.level} }`)
	}
	if (req.questPoints !== undefined) lines.push(`  questPoints: ${req.questPoints}`)
	lines.push(...list('other', req.other ?? [], '  '))
	if (quest.unverified?.length) lines.push(...list('unverified', quest.unverified, ''))
	return `${lines.join('\n')}\n`
}
