import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { type CompactNode, decodeHast, type RenderNode } from '#app/lib/content/compact-hast.ts'

const FRAGMENT = Symbol('fragment')

/** A recorded element, boxed: the library tells one child from many by `Array.isArray`. */
class Recorded {
	constructor(readonly node: RenderNode | RenderNode[]) {}
}

function unbox(child: unknown): RenderNode[] {
	if (typeof child === 'string') return [child]
	return child instanceof Recorded ? [child.node as RenderNode] : []
}

/** What hast-util-to-jsx-runtime would hand to React's `jsx` / `jsxs`, kept as data instead. */
function record(type: unknown, { children, ...props }: Record<string, unknown>): Recorded {
	const list = (Array.isArray(children) ? children : [children]).flatMap(unbox)
	if (type === FRAGMENT) return new Recorded(list)
	return new Recorded([type as string, Object.keys(props).length > 0 ? props : 0, ...list])
}

const cache = new WeakMap<object, RenderNode[]>()

/**
 * A page body (compact hast) turned into a render tree: the same shape with React's prop names and
 * values (`className`, `data-item-id`, `tabIndex`, style objects), worked out here by
 * hast-util-to-jsx-runtime so the client needs none of that library. render-body.server.tsx
 * renders it to HTML, and the browser gets the parts islands hydrate (decision 0018). Guide pages
 * are prerendered, so this runs at build time.
 * Typed loosely, as `CompiledPage['body']` is, so route types stay shallow.
 */
export function toRenderTree(body: unknown[]): unknown[] {
	const cached = cache.get(body)
	if (cached) return cached
	const root = toJsxRuntime(decodeHast(body as CompactNode[]), {
		Fragment: FRAGMENT,
		jsx: record as never,
		jsxs: record as never,
		elementAttributeNameCase: 'react',
		stylePropertyNameCase: 'dom',
	}) as unknown as Recorded
	const tree = root.node as RenderNode[]
	cache.set(body, tree)
	return tree
}
