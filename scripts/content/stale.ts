import type { StalePage } from '../build/content/build-content.ts'
import type { StaleActivity } from '../build/recurring.ts'
import type { StaleReason } from '#app/lib/game-facts/stale.ts'

const because = (reasons: StaleReason[]) => reasons.map((r) => `${r.title} (${r.date}; ${r.topics.join(', ')})`).join('; ')

/** The report of `npm run content -- stale`: one line per page or activity, with the updates that made it stale. */
export function formatStale({ pages, activities }: { pages: StalePage[]; activities: StaleActivity[] }): string {
	if (pages.length === 0 && activities.length === 0) return 'stale: nothing; every page and activity was verified after the updates that touched it'
	return [
		`stale: ${pages.length} page(s), ${activities.length} recurring activit${activities.length === 1 ? 'y' : 'ies'} verified before an update that touched them`,
		...pages.map((p) => `  ${p.file} (verified ${p.verified}): ${because(p.reasons)}`),
		...activities.map((a) => `  data/recurring-activities.json "${a.id}" (verified ${a.verified}): ${because(a.reasons)}`),
	].join('\n')
}
