import type { NavEntry, Navigation } from './page-types.ts'

export const SITE_NAME = 'Gielinor Guide'

/** Every entry of a tree, depth first, in reading order. */
export function flatten(entries: NavEntry[]): NavEntry[] {
	return entries.flatMap((e) => [e, ...flatten(e.children)])
}

/** Paths to prerender: every page; not the section roots that only redirect. */
export function prerenderPaths(navigation: Navigation): string[] {
	return flatten(navigation.sections)
		.filter((e) => e.component === 'guide')
		.map((e) => e.path)
}

export function findSection(navigation: Navigation, section: string): NavEntry | undefined {
	return navigation.sections.find((s) => s.section === section)
}

/** The chain of entries from the section root down to the page with this path. */
export function trail(root: NavEntry, path: string): NavEntry[] {
	if (root.path === path) return [root]
	for (const child of root.children) {
		const rest = trail(child, path)
		if (rest.length > 0) return [root, ...rest]
	}
	return []
}

/** Previous and next pages in the section's reading order (hidden pages are skipped). */
export function prevNext(root: NavEntry, path: string): { prev?: NavEntry; next?: NavEntry } {
	const pages = flatten([root]).filter(
		(e) => e.component === 'guide' && (e.visible || e.path === path),
	)
	const index = pages.findIndex((e) => e.path === path)
	if (index < 0) return {}
	return { prev: pages[index - 1], next: pages[index + 1] }
}

/** "{label} - Gielinor Guide" for pages, "Gielinor Guide - {label}" for a section root. */
export function documentTitle(entry: Pick<NavEntry, 'label' | 'path'> | undefined): string {
	if (!entry || entry.path === '/') return SITE_NAME
	const isSectionRoot = entry.path.split('/').length === 2
	return isSectionRoot ? `${SITE_NAME} - ${entry.label}` : `${entry.label} - ${SITE_NAME}`
}

/** The sidebar's view of a section: visible entries only, nothing the sidebar does not draw. */
export type SidebarItem = { path: string; label: string; children: SidebarItem[] }

export function sidebarItems(root: NavEntry): SidebarItem[] {
	const map = (entries: NavEntry[]): SidebarItem[] =>
		entries
			.filter((e) => e.visible)
			.map((e) => ({ path: e.path, label: e.label, children: map(e.children) }))
	return map(root.children)
}
