import navigationJson from '#app/generated/navigation.json' with { type: 'json' }
import { findSection } from '#app/lib/content/navigation.ts'
import type { Navigation } from '#app/lib/content/page-types.ts'
import { getEnv } from './env.server.ts'

export const navigation = navigationJson as Navigation

/** Where a section link goes: straight to the first page when the root only redirects. */
function sectionHref(section: string): string | undefined {
	const entry = findSection(navigation, section)
	return entry ? (entry.redirectTo ?? entry.path) : undefined
}

/** What every page needs: top navigation and the public part of the configuration. */
export function getSiteData() {
	const env = getEnv()
	return {
		topNav: navigation.sections
			.filter((s) => s.visible)
			.map((s) => ({ label: s.label, href: sectionHref(s.section)!, section: s.section })),
		tabHrefs: Object.fromEntries(navigation.sections.map((s) => [s.section, sectionHref(s.section)])),
		leaguesHref: sectionHref('leagues'),
		siteUrl: env.SITE_URL,
		posthog: env.POSTHOG_KEY ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST } : null,
	}
}
