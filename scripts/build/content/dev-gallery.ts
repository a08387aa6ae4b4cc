import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import type { CompiledPage } from '#app/lib/content/page-types.ts'
import { ContentError, compilePage } from './compile-page.ts'
import { publicFiles } from './public-files.ts'
import { pageStaleReasons } from './build-content.ts'
import type { SkillGuideLookup } from '#app/widgets/widget-build.ts'
import type { GameFacts } from '#app/lib/game-facts/schema.ts'

export type DevGalleryOptions = {
	/** content-dev/widgets.md */
	file: string
	publicDir: string
	resolveQuest: (name: string) => string | undefined
	/** The levelling guides, for the skill overview's demo. */
	skillGuide?: SkillGuideLookup
	/** The game facts, for the :gear, :unlock and ::game-updates demos. */
	gameFacts?: GameFacts
	/** Paths of the site's pages, for checking the gallery's internal links. */
	pagePaths: ReadonlySet<string>
	/** Quest page slugs, for links to /quests/<slug>. */
	questSlugs?: ReadonlySet<string>
}

const tagOf = (node: CompactNode | undefined) => (Array.isArray(node) ? node[0] : undefined)
const isHeading = (node: CompactNode | undefined) => tagOf(node) === 'h2' || tagOf(node) === 'h3'

/**
 * Lays out the gallery: each `##` or `###` section becomes its heading and intro, then a two-column demo
 * with the section's code fences (the directive syntax) on one side and the live widgets on the other.
 */
export function galleryBody(body: CompactNode[]): CompactNode[] {
	const out: CompactNode[] = []
	let i = 0
	while (i < body.length && !isHeading(body[i])) out.push(body[i++]!)
	while (i < body.length) {
		const heading = body[i++]!
		const rest: CompactNode[] = []
		while (i < body.length && !isHeading(body[i])) rest.push(body[i++]!)
		const firstFence = rest.findIndex((n) => tagOf(n) === 'pre')
		if (firstFence < 0) {
			out.push(['section', { className: ['gallery-item'] }, heading, ...rest])
			continue
		}
		const intro = rest.slice(0, firstFence)
		const after = rest.slice(firstFence)
		const source = after.filter((n) => tagOf(n) === 'pre')
		const live = after.filter((n) => tagOf(n) !== 'pre')
		out.push([
			'section',
			{ className: ['gallery-item'] },
			heading,
			...intro,
			[
				'div',
				{ className: ['gallery-demo'] },
				['div', { className: ['gallery-source'] }, ...source],
				['div', { className: ['gallery-live'] }, ...live],
			],
		])
	}
	return out
}

/** Compiles the widget gallery for authors (`/dev/widgets`): not part of the navigation or the sitemap. */
export function compileDevGallery(options: DevGalleryOptions): { page: CompiledPage; errors: ContentError[] } {
	const source = readFileSync(options.file, 'utf8')
	const file = path.relative(path.resolve(options.publicDir, '..'), options.file)
	const result = compilePage(source, {
		file,
		path: '/dev/widgets',
		section: 'dev',
		publicFiles: publicFiles(options.publicDir),
		resolveQuest: options.resolveQuest,
		skillGuide: options.skillGuide,
		gameFacts: options.gameFacts,
	})
	const errors = [...result.errors]
	for (const link of result.links) {
		const target = link.href.split('#')[0]!.toLowerCase()
		const questSlug = /^\/quests\/([^/]+)$/.exec(target)?.[1]
		const isQuestPage = questSlug !== undefined && options.questSlugs?.has(questSlug)
		if (target && !options.pagePaths.has(target) && !isQuestPage) {
			errors.push(new ContentError(link.file, link.line, `broken link ${link.href}: no such page`))
		}
	}
	// The gallery declares an old lastVerified and a topic, so it shows the stale notice as a demo.
	const stale = pageStaleReasons(result, options.gameFacts?.updates ?? []).map(({ title, date }) => ({ title, date }))
	const page = { ...result.page, stale, body: galleryBody(result.page.body as CompactNode[]) }
	return { page, errors }
}

export function writeDevGallery(outDir: string, page: CompiledPage) {
	mkdirSync(path.join(outDir, 'dev'), { recursive: true })
	writeFileSync(path.join(outDir, 'dev/widgets.json'), JSON.stringify(page))
}
