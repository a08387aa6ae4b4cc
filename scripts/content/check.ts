import matter from 'gray-matter'
import type { Parent, Root, RootContent, Table } from 'mdast'
import remarkDirective from 'remark-directive'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { GameFacts, LevelRequirement } from '#app/lib/game-facts/schema.ts'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'

/**
 * `npm run content -- check`: a level typed in prose next to a gear or unlock name that data/game/
 * knows must be the level the data gives (or be written with the `:gear`/`:unlock` directive), and
 * every page names its `sources:` and a `lastVerified` day.
 */
export type ContentProblem = { file: string; line?: number; message: string }

type Fact = { kind: 'gear' | 'unlock'; id: string; name: string; aliases: string[]; levels: LevelRequirement[]; oneOf?: { level: number; skills: string[] } }

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective)

const SKILL_LABELS = SKILLS.map((s) => s.label).join('|')
/** `Defence 70`, `Defence level 70`, `70 Defence`, `level 70 Defence`; a badge placeholder `⟦defence=70⟧`. */
const LEVEL_PATTERNS = [
	new RegExp(`\\b(${SKILL_LABELS})(?:\\s+level)?\\s+(\\d{1,3})\\b(?!\\s*(?:%|k\\b|,\\d))`, 'gi'),
	new RegExp(`\\b(\\d{1,3})\\s+(${SKILL_LABELS})\\b`, 'gi'),
	/⟦(\w+)=(\d+)⟧/g,
]

type Found<T> = T & { at: number; end: number }
type Segment = { text: string; line?: number; extraLevels?: Found<LevelRequirement>[]; firstInRow?: boolean }

function skillOf(label: string): SkillName | undefined {
	return SKILLS.find((s) => s.label.toLowerCase() === label.toLowerCase() || s.name === label.toLowerCase())?.name
}

export function levelsIn(text: string): Found<LevelRequirement>[] {
	const found: Found<LevelRequirement>[] = []
	for (const pattern of LEVEL_PATTERNS) {
		for (const match of text.matchAll(pattern)) {
			const [a, b] = [match[1]!, match[2]!]
			const numberFirst = /^\d/.test(a)
			const skill = skillOf(numberFirst ? b : a)
			const level = Number(numberFirst ? a : b)
			if (skill && level >= 1 && level <= 120) found.push({ skill, level, at: match.index, end: match.index + match[0].length })
		}
	}
	return found
}

/** A block's inline text, with skill badges as `⟦skill=level⟧` and fact directives left out (they are right by construction). */
function inlineText(node: RootContent | Parent): string {
	if (node.type === 'textDirective' || node.type === 'leafDirective') {
		const { name, attributes = {} } = node as { name: string; attributes?: Record<string, string | null | undefined> }
		if (name === 'skill-badge') return ` ⟦${attributes.skill ?? ''}=${attributes.level ?? ''}⟧ `
		return ' '
	}
	if ('value' in node && typeof node.value === 'string') return node.type === 'code' ? '' : node.value
	if (node.type === 'break') return ' '
	if ('children' in node) return (node.children as RootContent[]).map(inlineText).join('')
	return ''
}

export const lineOf = (node: { position?: { start: { line: number } } }, offset: number) => (node.position ? node.position.start.line + offset : undefined)

/** Sentences of paragraphs and headings, and the cells of tables (a cell naming an item takes the levels of its row's other cells). */
function segments(tree: Root, offset: number): Segment[] {
	const out: Segment[] = []
	const walk = (node: RootContent | Root) => {
		if (node.type === 'table') {
			out.push(...tableSegments(node, offset))
			return
		}
		if (node.type === 'paragraph' || node.type === 'heading') {
			const text = inlineText(node)
			const first = lineOf(node, offset)
			let before = 0
			for (const sentence of text.split(/(?<=[.!?;])\s+(?=[A-Z[⟦(])/)) {
				// The sentence's own line: the paragraph's, plus the line breaks before the sentence.
				const at = text.indexOf(sentence, before)
				const line = first === undefined ? undefined : first + (text.slice(0, at).match(/\n/g)?.length ?? 0)
				before = at + sentence.length
				out.push({ text: sentence, line })
			}
			return
		}
		if (node.type === 'code' || node.type === 'html') return
		if ('children' in node) for (const child of node.children as RootContent[]) walk(child)
	}
	walk(tree)
	return out
}

function tableSegments(table: Table, offset: number): Segment[] {
	const [head, ...rows] = table.children
	const headerSkills = (head?.children ?? []).map((cell) => skillOf(inlineText(cell).trim()))
	return rows.flatMap((row) => {
		const cells = row.children.map((cell, i) => {
			const text = inlineText(cell)
			const bare = /^\s*(\d{1,3})\s*$/.exec(text)
			const skill = headerSkills[i]
			// A bare number under a skill's column heading ("| Bonecrusher | 41 |" under "Dungeoneering").
			return bare && skill ? `⟦${skill}=${bare[1]}⟧` : text
		})
		const line = lineOf(row, offset)
		const firstNamed = cells.findIndex(hasName)
		return cells.map((text, i) => {
			if (i !== firstNamed) return { text, line }
			// Only the cells after it: a level column comes after the item's, not before.
			const others = cells.slice(i + 1).flatMap((other) => (hasName(other) ? [] : levelsIn(other).map((l) => ({ ...l, at: -1, end: -1 }))))
			return { text, line, extraLevels: others }
		})
	})
}

let namePattern: RegExp | undefined
let factByName = new Map<string, Fact>()
function hasName(text: string): boolean {
	return namePattern ? new RegExp(namePattern.source, 'i').test(text) : false
}

function indexFacts(facts: GameFacts): void {
	const all: Fact[] = [...facts.gear.map((g) => ({ ...g, kind: 'gear' as const })), ...facts.unlocks.map((u) => ({ ...u, kind: 'unlock' as const }))]
	factByName = new Map(all.flatMap((fact) => [fact.name, ...fact.aliases].map((name) => [name.toLowerCase(), fact] as const)))
	const names = [...factByName.keys()].sort((a, b) => b.length - a.length)
	const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]"))
	namePattern = new RegExp(`(?<![\\w-])(${escaped.join('|')})(?![\\w-])`, 'gi')
}

/** What the data says a skill needs for this fact, or undefined when the fact does not involve the skill. */
function expected(fact: Fact, skill: string): number | undefined {
	const level = fact.levels.find((l) => l.skill === skill)?.level
	if (level !== undefined) return level
	return fact.oneOf?.skills.includes(skill) ? fact.oneOf.level : undefined
}

const label = (skill: string) => SKILLS.find((s) => s.name === skill)?.label ?? skill

function contradictions(file: string, segment: Segment): ContentProblem[] {
	if (!namePattern) return []
	const names = [...segment.text.matchAll(namePattern)].map((m) => ({ fact: factByName.get(m[1]!.toLowerCase().replace(/’/g, "'"))!, written: m[1]!, at: m.index, end: m.index + m[0].length }))
	if (names.length === 0) return []
	const own = levelsIn(segment.text)
	const problems: ContentProblem[] = []
	// A level written in prose belongs to the nearest name before it; a table cell that names an
	// item without a level takes the levels of its row's other cells.
	const pairs = own.length > 0
		? own.flatMap((level) => {
				const owner = names.filter((n) => n.at < level.at).at(-1)
				return owner ? [{ name: owner, level }] : []
			})
		: (segment.extraLevels ?? []).map((level) => ({ name: names[0]!, level }))
	for (const { name, level } of pairs) {
		const want = name.fact ? expected(name.fact, level.skill) : undefined
		if (want === undefined || want === level.level) continue
		problems.push({
			file,
			// The line the name is on (a sentence may span several).
			line: segment.line === undefined ? undefined : segment.line + (segment.text.slice(0, name.at).match(/\n/g)?.length ?? 0),
			message: `"${name.written}" with ${label(level.skill)} ${level.level}, but data/game/ says ${label(level.skill)} ${want} (${name.fact.kind} "${name.fact.id}"): write :${name.fact.kind}{id="${name.fact.id}"}`,
		})
	}
	return problems
}

/** The problems of one page: its front matter's `sources` and `lastVerified`, and every level that contradicts data/game/. */
export function checkPage(file: string, source: string, facts: GameFacts): ContentProblem[] {
	indexFacts(facts)
	const problems: ContentProblem[] = []
	let parsed: matter.GrayMatterFile<string>
	try {
		parsed = matter(source, {})
	} catch (error) {
		return [{ file, line: 1, message: `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}` }]
	}
	const data = parsed.data as { sources?: unknown; lastVerified?: unknown; status?: unknown; redirect?: unknown }
	const isPage = data.status !== 'under-construction' && data.redirect === undefined
	if (isPage && !(Array.isArray(data.sources) && data.sources.length > 0)) problems.push({ file, line: 1, message: 'no sources: name the pages its facts were checked against' })
	if (isPage && !data.lastVerified) problems.push({ file, line: 1, message: 'no lastVerified: the day a person last checked its facts' })
	const offset = source.slice(0, source.length - parsed.content.length).split('\n').length - 1
	const tree = parser.parse(parsed.content) as Root
	for (const segment of segments(tree, offset)) problems.push(...contradictions(file, segment))
	return problems
}
