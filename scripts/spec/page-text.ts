import { readFileSync } from 'node:fs'
import path from 'node:path'
import { skillLabel } from '#app/lib/skills.ts'

type Node = string | [string, unknown, ...Node[]]
export type GeneratedPage = { title: string; label: string; body: Node[]; sources?: string[] }

const root = path.resolve(import.meta.dirname, '../..')

/** The generated page of a path (`app/generated/pages/…json`, written by `npm run build:data`). */
export function generatedPage(pagePath: string): GeneratedPage {
	return JSON.parse(readFileSync(path.join(root, 'app/generated/pages', `${pagePath}.json`), 'utf8')) as GeneratedPage
}

type SkillLevel = { skill: string; level: number }
type WidgetProps = Partial<SkillLevel> & {
	skills?: SkillLevel[]
	quests?: string[]
	other?: string[]
	rows?: { key: string; value: string }[]
}

/**
 * What a widget shows as text: "96 Herblore" for a badge; a requirement panel's skills, quests and
 * other lines; a data table's rows.
 */
function widgetText(props: WidgetProps): string {
	const badge = (s: SkillLevel) => `${s.level} ${skillLabel(s.skill)}`
	const parts = [
		...(props.skill && props.level ? [badge(props as SkillLevel)] : []),
		...(props.skills ?? []).map(badge),
		...(props.quests ?? []),
		...(props.other ?? []),
		...(props.rows ?? []).map((r) => `${r.key} | ${r.value}`),
	]
	return parts.join(' · ')
}

/** A page body as the reader reads it: its text (widgets' skill levels included) with whitespace runs made one space. */
export function pageText(page: GeneratedPage): string {
	const walk = (node: Node): string => {
		if (typeof node === 'string') return node
		const props = node[1] as { dataWidget?: string; props?: string } | 0
		const own = props && props.dataWidget && props.props ? widgetText(JSON.parse(props.props) as WidgetProps) : ''
		const inner = node
			.slice(2)
			.map((n) => walk(n as Node))
			.join('')
		// Table cells read apart: "Hardcore Ironman | Ironman, by choice …".
		return own + inner + (node[0] === 'td' || node[0] === 'th' ? ' | ' : '')
	}
	return page.body.map(walk).join(' ').replace(/\s+/g, ' ')
}

/** The labels of every tab on a page, as the tabs widget renders them. */
export function tabLabels(page: GeneratedPage): string[] {
	const labels: string[] = []
	const walk = (node: Node) => {
		if (typeof node === 'string') return
		const props = node[1] as { dataWidget?: string; props?: string } | 0
		if (props && props.dataWidget === 'tab' && props.props) labels.push((JSON.parse(props.props) as { label: string }).label)
		node.slice(2).forEach((n) => walk(n as Node))
	}
	page.body.forEach(walk)
	return labels
}
