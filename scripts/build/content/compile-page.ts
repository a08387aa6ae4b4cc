import GithubSlugger from 'github-slugger'
import matter from 'gray-matter'
import type { Element, Root as HastRoot } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import type { Code, Image, Link, Parent, Root as MdastRoot, RootContent, Text } from 'mdast'
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive'
import remarkDirective from 'remark-directive'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import YAML from 'yaml'
import type { z } from 'zod'
import { encodeHast } from '#app/lib/content/compact-hast.ts'
import { type Frontmatter, frontmatterSchema } from '#app/lib/content/frontmatter.ts'
import { questSlug } from '#app/quests/names.ts'
import type { CompiledPage, Heading } from '#app/lib/content/page-types.ts'
import { WIDGETS, type WidgetDefinition } from '#app/widgets/registry.ts'
import type { GameFacts } from '#app/lib/game-facts/schema.ts'
import type { PublicFiles, QuestSummaryLookup, SkillGuideLookup, WidgetBuildContext } from '#app/widgets/widget-build.ts'

export class ContentError extends Error {
	constructor(
		readonly file: string,
		readonly line: number | undefined,
		readonly reason: string,
	) {
		super(`${file}${line ? `:${line}` : ''}: ${reason}`)
	}
}

/** An internal link found in a page, checked once every page is known. */
export type PageLink = { file: string; line?: number; href: string }

export type CompileContext = {
	file: string
	path: string
	section: string
	/** Files under public/, which widgets refer to by URL path. */
	publicFiles: PublicFiles
	/** Canonical quest name for a name or alias, or undefined. */
	resolveQuest: (name: string) => string | undefined
	/** A quest's precomputed requirements, embedded in the requirement widgets' props. */
	questSummary?: QuestSummaryLookup
	/** The levelling guides, for widgets that show them. */
	skillGuide?: SkillGuideLookup
	/** data/game/ and data/game-updates.yaml, for the `:gear`, `:unlock` and `::game-updates` widgets. */
	gameFacts?: GameFacts
}

export type CompileResult = {
	page: CompiledPage
	frontmatter: Frontmatter
	links: PageLink[]
	/** The game facts the page cites through widgets (`gear:subjugation-armour`), for the stale-page rule. */
	cited: string[]
	errors: ContentError[]
}

type Directive = ContainerDirective | LeafDirective | TextDirective

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective)
const toHast = unified().use(remarkRehype)

const DIRECTIVE_PREFIX = { textDirective: ':', leafDirective: '::', containerDirective: ':::' }
const FORM = { textDirective: 'text', leafDirective: 'leaf', containerDirective: 'container' } as const

function frontmatterLine(raw: string, key: string | undefined): number | undefined {
	if (!key) return 1
	const index = raw.split('\n').findIndex((l) => l.startsWith(`${key}:`))
	return index >= 0 ? index + 1 : 1
}

function zodReason(error: z.ZodError): string {
	return error.issues
		.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
		.join('; ')
}

export function compilePage(source: string, ctx: CompileContext): CompileResult {
	const errors: ContentError[] = []
	const fail = (line: number | undefined, reason: string) =>
		errors.push(new ContentError(ctx.file, line, reason))

	let parsed: matter.GrayMatterFile<string>
	try {
		// gray-matter caches by content; a fresh options object disables that (it would share state).
		parsed = matter(source, {})
	} catch (error) {
		const mark = (error as { mark?: { line?: number } }).mark
		fail(mark?.line !== undefined ? mark.line + 2 : 1, `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`)
		return emptyResult(ctx, errors)
	}
	const fm = frontmatterSchema.safeParse(parsed.data)
	if (!fm.success) {
		for (const issue of fm.error.issues) {
			const key = issue.path[0] === undefined ? undefined : String(issue.path[0])
			fail(frontmatterLine(parsed.matter, key), `front matter ${key ?? ''}: ${issue.message}`.replace(' :', ':'))
		}
		return emptyResult(ctx, errors)
	}
	const frontmatter = fm.data
	const quests: CompiledPage['quests'] = []
	for (const name of frontmatter.quests ?? []) {
		const canonical = ctx.resolveQuest(name)
		if (!canonical) fail(frontmatterLine(parsed.matter, 'quests'), `front matter quests: unknown quest "${name}" (not in data/quests/)`)
		else if (!quests.some((q) => q.name === canonical)) quests.push({ name: canonical, slug: questSlug(canonical) })
	}

	// Body line numbers are offset by the front matter block.
	const bodyOffset = source.slice(0, source.length - parsed.content.length).split('\n').length - 1
	const body = parsed.content
	const lineOf = (node: { position?: { start: { line: number } } }) =>
		node.position ? node.position.start.line + bodyOffset : undefined

	const mdast = processor.parse(body) as MdastRoot
	processor.runSync(mdast)

	const links: PageLink[] = []
	const cited = new Set<string>()
	const widgetsUsed = new Set<string>()
	unwrapImageParagraphs(mdast, lineOf, fail)

	// The heading a widget sits under (a checklist is named after it).
	let heading: string | undefined
	visit(mdast, (node, index, parent) => {
		if (node.type === 'heading') {
			heading = textOf(node).trim() || undefined
			return
		}
		if (node.type === 'link') {
			const href = (node as Link).url
			if (href.startsWith('/') || href.startsWith('#')) {
				links.push({ file: ctx.file, line: lineOf(node), href })
			}
			return
		}
		if (node.type === 'image' && parent && index !== undefined) {
			const replaced = imageToScreenshot(node as Image, ctx, lineOf(node), fail)
			if (replaced) {
				parent.children.splice(index, 1, replaced as never)
				widgetsUsed.add('screenshot')
			}
			return
		}
		if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') {
			return
		}
		const directive = node as Directive
		const definition = WIDGETS[directive.name]
		if (!definition || (directive.type === 'textDirective' && !definition.forms.includes('text'))) {
			if (directive.type === 'textDirective' && parent && index !== undefined) {
				// Not ours (e.g. "10:30" or "Note:this"): put the original text back.
				parent.children.splice(index, 1, { type: 'text', value: sourceOf(directive, body) } as Text)
				return
			}
			const known = Object.keys(WIDGETS).join(', ')
			fail(lineOf(directive), `unknown widget "${DIRECTIVE_PREFIX[directive.type]}${directive.name}" (known widgets: ${known})`)
			return
		}
		if (!definition.forms.includes(FORM[directive.type])) {
			const forms = definition.forms.map((f) => `${f === 'text' ? ':' : f === 'leaf' ? '::' : ':::'}${directive.name}`)
			fail(lineOf(directive), `widget "${directive.name}" must be written as ${forms.join(' or ')}`)
			return
		}
		const buildContext: WidgetBuildContext = {
			file: ctx.file,
			path: ctx.path,
			publicFiles: ctx.publicFiles,
			resolveQuest: ctx.resolveQuest,
			questSummary: ctx.questSummary,
			skillGuide: ctx.skillGuide,
			gameFacts: ctx.gameFacts,
			cite: (topic) => cited.add(topic),
			children: directive.type === 'containerDirective' ? directive.children : [],
			parent,
			heading,
			fail: (reason, at) => fail(lineOf(at ?? directive), reason),
		}
		const props = widgetProps(directive, definition, lineOf, fail)
		if (!props) return
		definition.build?.collect?.(props, buildContext)
		const result = definition.schema.safeParse(props)
		if (!result.success) {
			fail(lineOf(directive), `widget "${directive.name}": ${zodReason(result.error)}`)
			return
		}
		// The schema checks only what the author wrote; the build step adds what the build knows.
		const enrich = definition.build?.enrich as ((props: unknown, ctx: WidgetBuildContext) => unknown) | undefined
		const finalProps = enrich ? enrich(result.data, buildContext) : result.data
		const expand = definition.build?.expand as ((props: unknown, ctx: WidgetBuildContext) => RootContent[]) | undefined
		if (expand && parent && index !== undefined) {
			// Plain markdown in place of the directive; the visit goes on with its first node.
			parent.children.splice(index, 1, ...expand(finalProps, buildContext))
			return index
		}
		if (!definition.component) return
		widgetsUsed.add(definition.component)
		directive.data = {
			...directive.data,
			hName: 'x-widget',
			hProperties: { dataWidget: definition.component, props: JSON.stringify(finalProps) },
		}
	})

	const hast = toHast.runSync(mdast) as HastRoot
	const headings = addHeadingIds(hast)
	addTermIds(hast)
	nameTableRegions(hast)

	return {
		frontmatter,
		links,
		cited: [...cited].sort(),
		errors,
		page: {
			path: ctx.path,
			section: ctx.section,
			title: frontmatter.title,
			label: frontmatter.label ?? frontmatter.title,
			description: frontmatter.description,
			status: frontmatter.status,
			lastVerified: frontmatter.lastVerified ?? null,
			sources: frontmatter.sources ?? [],
			stale: [],
			quests,
			headings,
			body: encodeHast(hast),
			widgets: [...widgetsUsed].sort(),
		},
	}
}

function emptyResult(ctx: CompileContext, errors: ContentError[]): CompileResult {
	return {
		errors,
		links: [],
		cited: [],
		frontmatter: { title: '', order: 0, description: '', visible: true, status: 'published' },
		page: {
			path: ctx.path,
			section: ctx.section,
			title: '',
			label: '',
			description: '',
			status: 'published',
			lastVerified: null,
			sources: [],
			stale: [],
			quests: [],
			headings: [],
			body: [],
			widgets: [],
		},
	}
}

function sourceOf(node: Directive, body: string): string {
	const start = node.position?.start.offset
	const end = node.position?.end.offset
	if (start !== undefined && end !== undefined) return body.slice(start, end)
	return `:${node.name}`
}

function textOf(node: RootContent | Parent): string {
	if ('value' in node && typeof node.value === 'string') return node.value
	if ('children' in node) return (node.children as RootContent[]).map(textOf).join('')
	return ''
}

/** The props an author wrote: attributes, the container's `[label]` and its yaml fence. */
function widgetProps(
	directive: Directive,
	definition: WidgetDefinition,
	lineOf: (node: { position?: { start: { line: number } } }) => number | undefined,
	fail: (line: number | undefined, reason: string) => void,
): Record<string, unknown> | undefined {
	const props: Record<string, unknown> = { ...directive.attributes, ...definition.fixed }
	for (const [key, value] of Object.entries(props)) if (value === null || value === undefined) delete props[key]

	if (directive.type !== 'containerDirective') return props
	const children = directive.children

	// `:::tip[Title]`: the label is a paragraph marked by remark-directive.
	const labelIndex = children.findIndex((c) => (c.data as { directiveLabel?: boolean } | undefined)?.directiveLabel)
	if (labelIndex >= 0) {
		const label = children[labelIndex]!
		if (definition.labelProp) props[definition.labelProp] = textOf(label).trim()
		children.splice(labelIndex, 1)
	}

	if (definition.yaml) {
		const fenceIndex = children.findIndex((c) => c.type === 'code' && (c as Code).lang === 'yaml')
		if (fenceIndex < 0) {
			fail(lineOf(directive), `widget "${directive.name}" needs a \`\`\`yaml fence with its data`)
			return undefined
		}
		const fence = children[fenceIndex] as Code
		const doc = YAML.parseDocument(fence.value)
		if (doc.errors.length > 0) {
			const first = doc.errors[0]!
			const line = (lineOf(fence) ?? 0) + 1 + (first.linePos?.[0]?.line ?? 1) - 1
			fail(line, `widget "${directive.name}": yaml: ${first.message.split('\n')[0]}`)
			return undefined
		}
		const data = definition.yaml.schema.safeParse(doc.toJS())
		if (!data.success) {
			fail(lineOf(fence), `widget "${directive.name}": yaml data: ${zodReason(data.error)}`)
			return undefined
		}
		if (definition.yaml.key) props[definition.yaml.key] = data.data
		else Object.assign(props, data.data)
		children.splice(fenceIndex, 1)
		if (children.length > 0) {
			fail(lineOf(children[0]!), `widget "${directive.name}" takes only its yaml fence; move other text outside it`)
			return undefined
		}
	}

	return props
}

function imageToScreenshot(
	image: Image,
	ctx: CompileContext,
	line: number | undefined,
	fail: (line: number | undefined, reason: string) => void,
): LeafDirective | undefined {
	if (!image.alt?.trim()) {
		fail(line, `image ${image.url} needs alt text: ![what it shows](${image.url})`)
		return undefined
	}
	if (!image.url.startsWith('/')) {
		fail(line, `image ${image.url} is outside public/: use ::screenshot{src="…" alt="…" width="…" height="…"}`)
		return undefined
	}
	const size = ctx.publicFiles.imageSize(image.url)
	if (!size) {
		fail(line, `image ${image.url} does not exist in public/ (or its size cannot be read)`)
		return undefined
	}
	const props = { src: image.url, alt: image.alt.trim(), ...size, ...(image.title ? { caption: image.title } : {}) }
	return {
		type: 'leafDirective',
		name: 'screenshot',
		attributes: {},
		children: [],
		data: { hName: 'x-widget', hProperties: { dataWidget: 'screenshot', props: JSON.stringify(props) } },
	}
}

/** An image alone in its paragraph becomes a block; one inside a sentence is an error. */
function unwrapImageParagraphs(
	tree: MdastRoot,
	lineOf: (node: { position?: { start: { line: number } } }) => number | undefined,
	fail: (line: number | undefined, reason: string) => void,
) {
	visit(tree, 'paragraph', (paragraph, index, parent) => {
		const images = paragraph.children.filter((c) => c.type === 'image')
		if (images.length === 0 || !parent || index === undefined) return
		const rest = paragraph.children.filter((c) => c.type !== 'image' && !(c.type === 'text' && !c.value.trim()))
		if (rest.length > 0) {
			fail(lineOf(images[0]!), 'put each image on a line of its own, not inside a sentence')
			return
		}
		parent.children.splice(index, 1, ...(images as never[]))
		return index + images.length
	})
}

function addHeadingIds(tree: HastRoot): Heading[] {
	const slugger = new GithubSlugger()
	const headings: Heading[] = []
	visit(tree, 'element', (node: Element) => {
		if (!/^h[1-6]$/.test(node.tagName)) return
		const text = hastToString(node).trim()
		const id = slugger.slug(text)
		node.properties.id = id
		const depth = Number(node.tagName[1])
		if (depth === 2 || depth === 3) headings.push({ depth, id, text })
	})
	return headings
}

/**
 * A table row that starts with a bold term (the glossary, settings tables) gets an id,
 * `term-<slug>`, so links and search results can point at that row.
 */
function addTermIds(tree: HastRoot) {
	const slugger = new GithubSlugger()
	visit(tree, 'element', (node: Element) => {
		if (node.tagName !== 'tr') return
		const firstCell = node.children.find((c): c is Element => c.type === 'element')
		const content = firstCell?.children.filter((c) => !(c.type === 'text' && !c.value.trim()))
		const only = content?.length === 1 ? content[0] : undefined
		if (only?.type !== 'element' || only.tagName !== 'strong') return
		const term = hastToString(only).trim()
		if (term) node.properties.id = `term-${slugger.slug(term)}`
	})
}

/**
 * Each table scrolls inside a named region (app/components/markdown.tsx); the name comes from the
 * heading above it ("Drop rates table", then "Drop rates table 2"), so no two regions of a page
 * share a name.
 */
function nameTableRegions(tree: HastRoot) {
	let heading = ''
	const used = new Map<string, number>()
	visit(tree, 'element', (node: Element) => {
		if (/^h[1-6]$/.test(node.tagName)) heading = hastToString(node).trim()
		if (node.tagName !== 'table') return
		const base = heading ? `${heading} table` : 'Table'
		const count = (used.get(base) ?? 0) + 1
		used.set(base, count)
		node.properties.dataRegionLabel = count === 1 ? base : `${base} ${count}`
	})
}
