import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { type GameUpdateEntry, updateTopics } from '#app/lib/game-facts/schema.ts'
import type { SiteChanges } from '#app/tracker/catch-up.ts'
import type { BuiltContent } from './content/build-content.ts'

/** The What Changed page: it shows `::game-updates`, each update an h3 with its title. */
const WHATS_CHANGED = '/guides/whats-changed'

/**
 * What a returning player's catch-up chooses from (`app/tracker/catch-up.ts`): every game update
 * with its address on the What Changed page and what it touched, and every verified guide page
 * with its topics. Section roots that only redirect are left out.
 */
export function siteChanges(
	content: Pick<BuiltContent, 'pages' | 'topics' | 'redirects'>,
	updates: readonly GameUpdateEntry[],
): SiteChanges {
	const whatsChanged = content.pages.find((page) => page.path === WHATS_CHANGED)
	const anchor = (title: string) => whatsChanged?.headings.find((h) => h.depth === 3 && h.text === title)?.id
	const redirects = new Set(content.redirects)
	return {
		updates: updates.map((update) => {
			const id = anchor(update.title)
			return { date: update.date, title: update.title, href: id ? `${WHATS_CHANGED}#${id}` : WHATS_CHANGED, topics: updateTopics(update) }
		}),
		pages: content.pages.flatMap((page) =>
			page.lastVerified && page.status === 'published' && !redirects.has(page.path)
				? [
						{
							path: page.path,
							title: page.title,
							section: page.section,
							verified: page.lastVerified,
							topics: content.topics[page.path] ?? [],
						},
					]
				: [],
		),
	}
}

export function writeCatchUpData(outDir: string, content: BuiltContent, updates: readonly GameUpdateEntry[]) {
	writeFileSync(path.join(outDir, 'catch-up.json'), JSON.stringify(siteChanges(content, updates)))
}
