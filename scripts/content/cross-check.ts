import matter from 'gray-matter'
import type { Root, RootContent, Table } from 'mdast'
import remarkDirective from 'remark-directive'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { SKILLS } from '#app/lib/skills.ts'
import type { ContentProblem } from './check.ts'
import { levelsIn, lineOf } from './check.ts'

/**
 * `npm run content -- check`, across pages: every "name + level + skill" statement a page writes
 * (a table row or cell that names a thing and gives its level, or a bold or linked name in prose
 * followed by a level), compared with the same name's statements on every other page. Two values
 * for one name and skill fail the check with both places, whether or not data/game/ knows the name.
 */
export type LevelStatement = { name: string; written: string; skill: string; level: number; file: string; line?: number }

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective)

/** Marks around emphasised or linked text in prose: the names a sentence is about. */
const OPEN = '«'
const CLOSE = '»'

function inlineText(node: RootContent | Root, mark: boolean): string {
	if (node.type === 'textDirective' || node.type === 'leafDirective') {
		const { name, attributes = {} } = node as { name: string; attributes?: Record<string, string | null | undefined> }
		return name === 'skill-badge' ? ` ⟦${attributes.skill ?? ''}=${attributes.level ?? ''}⟧ ` : ' '
	}
	if ('value' in node && typeof node.value === 'string') return node.type === 'code' ? '' : node.value
	if (node.type === 'break') return ' '
	if (!('children' in node)) return ''
	const inner = (node.children as RootContent[]).map((child) => inlineText(child, mark)).join('')
	return mark && (node.type === 'strong' || node.type === 'link') ? `${OPEN}${inner}${CLOSE}` : inner
}

const SKILL_WORDS = new Set(SKILLS.flatMap((s) => [s.name, s.label.toLowerCase()]))
const GENERIC = /^(level|levels|tier|tiers|requirement|requirements|skill|skills|needs|need|quest|quests|item|items|weapon|armour|total|combat|members?|free|start|early|mid|late|end|you|it|this|that|they|these|those|then|later|most|some|all|each|every|one|both|players?)$/

/** The key two statements share: lower case, no article, no trailing punctuation; undefined when it is no name. */
export function nameKey(written: string): string | undefined {
	const key = written
		.replace(/[«»]/g, '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/[:,.;!?–—-]+$/, '')
		.replace(/^(the|a|an)\s+/i, '')
		.toLowerCase()
	if (key.length < 3 || !/[a-z]/.test(key) || /^\d/.test(key)) return undefined
	if (SKILL_WORDS.has(key) || GENERIC.test(key) || key.split(' ').length > 6) return undefined
	return key
}

function tableStatements(table: Table, file: string, offset: number): LevelStatement[] {
	const [, ...rows] = table.children
	return rows.flatMap((row) => {
		const line = lineOf(row, offset)
		const cells = row.children.map((cell) => inlineText(cell as RootContent, false))
		// A cell's name is its text before the first level it gives ("Ahrim's staff ⟦magic=70⟧").
		const parsed = cells.map((text) => {
			const levels = levelsIn(text)
			const head = levels.length > 0 ? text.slice(0, levels[0]!.at) : text
			return { text, levels, name: nameKey(head.replace(/⟦[^⟧]*⟧/g, '')), written: head.trim() }
		})
		// A named cell without levels takes the levels of the later cells that name nothing.
		const firstNamed = parsed.findIndex((c) => c.name)
		return parsed.flatMap((cell, i) => {
			if (!cell.name || /,| or | and /.test(cell.written)) return []
			const levels = cell.levels.length > 0 ? cell.levels : i === firstNamed ? parsed.slice(i + 1).filter((c) => !c.name).flatMap((c) => c.levels) : []
			return levels.map((l) => ({ name: cell.name!, written: cell.written, skill: l.skill, level: l.level, file, line }))
		})
	})
}

/** In prose: a bold or linked name, then a level within a few words, with no other name or level between. */
const PROSE = new RegExp(`${OPEN}([^${OPEN}${CLOSE}]+)${CLOSE}([^${OPEN}${CLOSE}⟦\\d]{0,40})`, 'g')

function proseStatements(text: string, file: string, line: number | undefined): LevelStatement[] {
	const out: LevelStatement[] = []
	for (const match of text.matchAll(PROSE)) {
		const name = nameKey(match[1]!)
		if (!name) continue
		const after = match.index + match[0].length
		const level = levelsIn(text.slice(after, after + 30)).find((l) => l.at <= 2)
		if (!level) continue
		out.push({ name, written: match[1]!.trim(), skill: level.skill, level: level.level, file, line: line === undefined ? undefined : line + (text.slice(0, match.index).match(/\n/g)?.length ?? 0) })
	}
	return out
}

/** In plain prose: a capitalised name, then "at", "needs", "requires" or "from" and a level ("Dive unlocks at 30 Agility"). */
const PLAIN = /(?<![\w'’])([A-Z][\w'’-]+(?: (?:of|the|[A-Z][\w'’-]+)){0,3})(?: unlocks| opens| is unlocked)? (?:at|needs|requires|from)(?: level)? (?=\d|⟦)/g

function plainStatements(text: string, file: string, line: number | undefined): LevelStatement[] {
	const out: LevelStatement[] = []
	// Emphasised and linked names are proseStatements' own: left out here.
	const plain = text.replace(/«[^»]*»/g, '§')
	for (const match of plain.matchAll(PLAIN)) {
		const name = nameKey(match[1]!)
		const level = levelsIn(plain.slice(match.index + match[0].length, match.index + match[0].length + 30)).find((l) => l.at === 0)
		if (!name || !level) continue
		out.push({ name, written: match[1]!, skill: level.skill, level: level.level, file, line })
	}
	return out
}

/** Every "name + level + skill" statement of one page. */
export function levelStatements(file: string, source: string): LevelStatement[] {
	let content: string
	try {
		content = matter(source, {}).content
	} catch {
		return [] // checkPage reports the broken front matter
	}
	const offset = source.slice(0, source.length - content.length).split('\n').length - 1
	const out: LevelStatement[] = []
	const walk = (node: RootContent | Root) => {
		if (node.type === 'table') return void out.push(...tableStatements(node, file, offset))
		if (node.type === 'paragraph' || node.type === 'heading') {
			const [text, line] = [inlineText(node, true), lineOf(node, offset)]
			return void out.push(...proseStatements(text, file, line), ...plainStatements(text, file, line))
		}
		if (node.type === 'code' || node.type === 'html') return
		if ('children' in node) for (const child of node.children as RootContent[]) walk(child)
	}
	walk(parser.parse(content) as Root)
	return out
}

const label = (skill: string) => SKILLS.find((s) => s.name === skill)?.label ?? skill
const place = (s: LevelStatement) => `${s.file}${s.line ? `:${s.line}` : ''}`

/** One problem per name and skill written with two levels on different pages, naming both places. */
export function crossPageContradictions(statements: readonly LevelStatement[]): ContentProblem[] {
	const byKey = new Map<string, LevelStatement[]>()
	for (const s of statements) byKey.set(`${s.name}\u0000${s.skill}`, [...(byKey.get(`${s.name}\u0000${s.skill}`) ?? []), s])
	const problems: ContentProblem[] = []
	for (const group of byKey.values()) {
		const first = group[0]!
		const other = group.find((s) => s.level !== first.level && s.file !== first.file)
		if (!other) continue
		problems.push({
			file: other.file,
			line: other.line,
			message: `"${other.written}" with ${label(other.skill)} ${other.level}, but ${place(first)} gives "${first.written}" ${label(first.skill)} ${first.level}: write the level once (data/game/) or make them agree`,
		})
	}
	return problems
}
