import { readFileSync } from 'node:fs'
import path from 'node:path'

type Node = string | [string, unknown, ...Node[]]
export type GeneratedPage = { title: string; label: string; body: Node[]; sources?: string[] }

const root = path.resolve(import.meta.dirname, '../..')

/** The generated page of a path (`app/generated/pages/…json`, written by `npm run build:data`). */
export function generatedPage(pagePath: string): GeneratedPage {
	return JSON.parse(readFileSync(path.join(root, 'app/generated/pages', `${pagePath}.json`), 'utf8')) as GeneratedPage
}

/** A page body as the reader reads it: its text with whitespace runs made one space. */
export function pageText(page: GeneratedPage): string {
	const walk = (node: Node): string => (typeof node === 'string' ? node : node.slice(2).map((n) => walk(n as Node)).join(''))
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
