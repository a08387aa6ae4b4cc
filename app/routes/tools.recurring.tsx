import type { Route } from './+types/tools.recurring'
import activities from '#app/generated/recurring-activities.json' with { type: 'json' }
import points from '#app/generated/quests/points.json' with { type: 'json' }
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageReport } from '#app/feedback/page-report.tsx'
import { PlayerLookupSection } from '#app/player/player-lookup-section.tsx'
import { RecurringTracker } from '#app/recurring/recurring-tracker.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import type { QuestPointsMap } from '#app/quests/artifacts.ts'
import type { Activity } from '#app/recurring/activities.schema.ts'
import { TOOL_PAGES } from '#app/lib/tools.ts'
import { SkillBadge } from '#app/widgets/skill-badge/skill-badge.tsx'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'

const page = TOOL_PAGES.find((p) => p.path === '/tools/recurring')!

export function loader() {
	const list = activities as Activity[]
	// The quest-point table travels with the page only when an activity asks for quest points.
	const needsPoints = list.some((a) => a.requirements.questPoints !== undefined)
	return { activities: list, points: needsPoints ? (points as QuestPointsMap) : undefined }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.page })

export const meta: Route.MetaFunction = ({ matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	return [
		{ title: `${page.title} - ${SITE_NAME}` },
		{ name: 'description', content: page.description },
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}${page.path}` },
	]
}

export default function RecurringPage({ loaderData }: Route.ComponentProps) {
	return (
		<main id="main" className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: page.path, label: page.title }]} />
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
			<p className="mt-2 text-muted">
				The repeatable activities worth a few minutes of your day, week or month. Tick them off as you go: ticks clear themselves at the
				next reset, and everything stays in this browser. Look up your name to see what you cannot do yet and what you have outgrown.
			</p>
			<PlayerLookupSection />
			<RecurringTracker activities={loaderData.activities} points={loaderData.points} SkillBadge={SkillBadge} />
			<PageReport />
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
