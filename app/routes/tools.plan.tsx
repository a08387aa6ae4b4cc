import { lazy, Suspense } from 'react'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/tools.plan'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageReport } from '#app/feedback/page-report.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { PlanExplainers, PlanGoals } from '#app/planner/plan-goals.tsx'
import { PlanSection } from '#app/planner/plan-section.tsx'
import { QuestOutlook } from '#app/planner/quest-outlook.tsx'
import { plannerData } from '#app/planner/server/planner.server.ts'
import { usePlanPage } from '#app/planner/use-plan-page.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'

const PlannerPlayer = lazy(() => import('#app/planner/planner-player.tsx'))

export function loader() {
	return { data: plannerData }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.page })

export const meta: Route.MetaFunction = ({ matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	return [
		{ title: `Account planner - ${SITE_NAME}` },
		{
			name: 'description',
			content:
				'Pick a quest, a cape or an unlock like Prifddinas and get the ordered quests and training your RuneScape 3 account still needs, with XP to go per skill.',
		},
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}/tools/plan` },
	]
}

// Goals and the player live in the query; the data never changes with it.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export default function PlannerRoute({ loaderData }: Route.ComponentProps) {
	const page = usePlanPage(loaderData.data)
	const { hydrated, plan, loaded, questName } = page
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8" data-hydrated={hydrated}>
			<div className="print:hidden">
				<Breadcrumbs
					items={[
						{ path: '/tools', label: 'Tools' },
						{ path: '/tools/plan', label: 'Account planner' },
					]}
				/>
			</div>
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Account planner</h1>
			<p className="mt-2 max-w-2xl text-muted print:hidden">
				Choose what you want to reach: a quest, the Quest Point Cape or an unlock such as Prifddinas. With your RuneScape name, the plan
				lists only what your account still needs, in an order you can follow.
			</p>
			<PlanGoals options={page.options} goals={page.goals} unknown={page.unknown} onChange={page.setGoals} />
			<div className="mt-4 min-h-36 print:hidden">
				{hydrated ? (
					<Suspense fallback={null}>
						<PlannerPlayer name={page.name} onNameChange={page.onNameChange} onChange={page.setPlayer} />
					</Suspense>
				) : null}
			</div>
			<PlanSection
				plan={plan}
				ironman={page.ironman}
				player={page.player}
				goalsChosen={page.goalSlugs.length > 0}
				questName={questName}
				ticked={page.progress.ticked}
				confirmed={page.progress.confirmed}
				onToggle={page.progress.toggle}
				etas={page.etas}
				tracking={page.tracking}
			/>
			{plan?.questProgressKnown ? (
				<QuestOutlook plan={plan} questName={questName} whose={loaded ? `${loaded.name}'s account` : 'a fresh account'} />
			) : null}
			<PlanExplainers />
			<PageReport />
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
