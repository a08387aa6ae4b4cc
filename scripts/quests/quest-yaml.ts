import { stringify } from 'yaml'
import type { QuestInput } from '#app/quests/schema.ts'

type SkillInput = { skill: string; level: number }

function scalar(value: string | number | boolean): string {
	return stringify(value, { lineWidth: 0 }).replace(/\n$/, '')
}

function list(key: string, items: readonly string[], indent: string): string[] {
	if (items.length === 0) return [`${indent}${key}: []`]
	return [`${indent}${key}:`, ...items.map((item) => `${indent}  - ${scalar(item)}`)]
}

function skills(key: string, items: readonly SkillInput[], indent: string): string[] {
	if (items.length === 0) return [`${indent}${key}: []`]
	return [`${indent}${key}:`, ...items.map((s) => `${indent}  - { skill: ${s.skill}, level: ${s.level} }`)]
}

/**
 * Writes one quest as YAML in a fixed key order, one list item per line, so that changing one
 * fact of one quest is a one-line diff. Empty `quest`, `skill` and `other` lists are written out
 * (`quest: []`) to show where to add things; the rarer requirement kinds only when present.
 */
export function formatQuestYaml(quest: QuestInput): string {
	const req = quest.requirements
	const lines = [`name: ${scalar(quest.name)}`]
	if (quest.aliases?.length) lines.push(...list('aliases', quest.aliases, ''))
	if (quest.wikiTitle) lines.push(`wikiTitle: ${scalar(quest.wikiTitle)}`)
	lines.push(`difficulty: ${quest.difficulty}`, `members: ${quest.members}`, `questPoints: ${quest.questPoints}`)
	if (quest.series) lines.push(`series: ${scalar(quest.series)}`)
	if (quest.released) lines.push(`released: ${quest.released}`)
	lines.push('requirements:')
	lines.push(...list('quest', req.quest ?? [], '  '))
	if (req.partial?.length) {
		lines.push('  partial:')
		for (const p of req.partial) {
			lines.push(`    - quest: ${scalar(p.quest)}`, `      until: ${scalar(p.until)}`)
			const needs = p.needs
			if (!needs) continue
			const needed = [
				...(needs.quest?.length ? list('quest', needs.quest, '        ') : []),
				...(needs.skill?.length ? skills('skill', needs.skill, '        ') : []),
				...(needs.questPoints !== undefined ? [`        questPoints: ${needs.questPoints}`] : []),
			]
			if (needed.length) lines.push('      needs:', ...needed)
		}
	}
	if (req.fully?.length) {
		lines.push('  fully:')
		for (const f of req.fully) {
			lines.push(`    - quest: ${scalar(f.quest)}`, `      until: ${scalar(f.until)}`)
		}
	}
	lines.push(...skills('skill', req.skill ?? [], '  '))
	if (req.anyOf?.length) {
		lines.push('  anyOf:')
		for (const group of req.anyOf) {
			const [first, ...rest] = skills('skill', group.skill, '      ')
			lines.push(`    - ${first!.trimStart()}`, ...rest)
		}
	}
	if (req.ironman?.skill?.length) {
		lines.push('  ironman:', ...skills('skill', req.ironman.skill, '    '))
	}
	if (req.questPoints !== undefined) lines.push(`  questPoints: ${req.questPoints}`)
	lines.push(...list('other', req.other ?? [], '  '))
	if (quest.unverified?.length) lines.push(...list('unverified', quest.unverified, ''))
	if (quest.verified) {
		lines.push('verified:', `  on: ${quest.verified.on}`, `  source: ${scalar(quest.verified.source)}`)
	}
	if (quest.notes?.length) lines.push(...list('notes', quest.notes, ''))
	return `${lines.join('\n')}\n`
}
