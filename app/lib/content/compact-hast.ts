import type { Element, ElementContent, Properties, Root } from 'hast'

/**
 * A page body as sent to the browser: hast without positions, in a compact array form
 * (`[tag, props, ...children]` for elements, plain strings for text), about a third of plain hast JSON.
 */
export type CompactNode = string | CompactElement
type CompactElement = [tagName: string, properties: Properties | 0, ...children: CompactNode[]]

/** The same shape with React props (`className`, `data-widget`, …): what the browser renders. */
export type RenderNode =
	| string
	| [type: string, props: Record<string, unknown> | 0, ...children: RenderNode[]]

const BLOCK = new Set([
	'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot',
	'tr', 'th', 'td', 'blockquote', 'pre', 'hr', 'div', 'section', 'x-widget', 'x-checklist-item',
])
const isBlock = (node: ElementContent | undefined) =>
	node === undefined || (node.type === 'element' && BLOCK.has(node.tagName))

function encodeChildren(children: ElementContent[]): CompactNode[] {
	const out: CompactNode[] = []
	children.forEach((child, index) => {
		if (child.type === 'text') {
			// Line breaks that only separate two blocks carry no meaning: drop them.
			const between = child.value.trim() === '' && isBlock(children[index - 1]) && isBlock(children[index + 1])
			if (between) return
			// Adjacent text (e.g. a stray ":30" put back) is merged into one string.
			const last = out.length - 1
			if (typeof out[last] === 'string') out[last] += child.value
			else out.push(child.value)
		} else if (child.type === 'element') {
			out.push(encodeElement(child))
		}
	})
	return out
}

function encodeElement(node: Element): CompactElement {
	const props = Object.keys(node.properties).length > 0 ? node.properties : 0
	return [node.tagName, props, ...encodeChildren(node.children)]
}

export function encodeHast(root: Root): CompactNode[] {
	return encodeChildren(root.children.filter((c): c is ElementContent => c.type !== 'doctype'))
}

function decodeNode(node: CompactNode): ElementContent {
	if (typeof node === 'string') return { type: 'text', value: node }
	const [tagName, properties, ...children] = node
	return { type: 'element', tagName, properties: properties || {}, children: children.map(decodeNode) }
}

export function decodeHast(nodes: CompactNode[]): Root {
	return { type: 'root', children: nodes.map(decodeNode) }
}

/** Plain text of a compact tree (used for search snippets and tests). */
export function compactText(nodes: CompactNode[]): string {
	return nodes.map((n) => (typeof n === 'string' ? n : compactText(n.slice(2) as CompactNode[]))).join('')
}
