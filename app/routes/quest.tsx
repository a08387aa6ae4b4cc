import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/quest'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageReport } from '#app/feedback/page-report.tsx'
import { IconExternal } from '#app/components/icons.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { difficultyLabel, questPath } from '#app/quests/names.ts'
import { getQuestPage, questDescription, questHeaders } from '#app/quests/server/quests.server.ts'
import { PlayerLookupSection } from '#app/player/player-lookup-section.tsx'
import QuestRequirementsWidget from '#app/widgets/quest-requirements/quest-requirements.tsx'
import { formatDate } from '#app/lib/format-date.ts'

export async function loader({ params }: Route.LoaderArgs) {
	const page = await getQuestPage(params.slug)
	return { ...page, description: questDescription(page) }
}

export const headers: Route.HeadersFunction = () => questHeaders

export const meta: Route.MetaFunction = ({ loaderData }) => {
	if (!loaderData) return [{ title: `Page Not Found - ${SITE_NAME}` }]
	const { quest, description, canonical } = loaderData
	return [
		{ title: `${quest.name} - ${SITE_NAME}` },
		{ name: 'description', content: description },
		{ property: 'og:title', content: quest.name },
		{ property: 'og:description', content: description },
		{ property: 'og:type', content: 'article' },
		{ tagName: 'link', rel: 'canonical', href: canonical },
	]
}

function Unverified({ field }: { field: string }) {
	return (
		<span
			className="ml-2 rounded border border-warn/60 px-1.5 py-px text-xs font-semibold tracking-wide text-warn uppercase"
			title={`The ${field} shown here has not been checked against the game yet`}
		>
			unverified
		</span>
	)
}

function readableUrl(url: string): string {
	const bare = url.replace(/^https:\/\//, '')
	try {
		return decodeURIComponent(bare).replace(/_/g, ' ')
	} catch {
		return bare
	}
}

/** A source line: its leading address as a link, the rest as text. */
function SourceText({ source }: { source: string }) {
	const match = /^(https:\/\/\S+)(.*)$/.exec(source)
	if (!match) return <>{source}</>
	return (
		<>
			<a href={match[1]} target="_blank" rel="noopener noreferrer" className="text-link underline">
				{readableUrl(match[1]!)}
			</a>
			{match[2]}
		</>
	)
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
	return (
		<div className="rounded-lg border border-line bg-raised px-4 py-3">
			<dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
			<dd className="mt-1 font-semibold">{children}</dd>
		</div>
	)
}

export default function Quest({ loaderData }: Route.ComponentProps) {
	const { quest, summary, unlocks, wikiQuickGuideUrl, guide } = loaderData
	const unverified = new Set<string>(quest.unverified ?? [])
	const before = summary.quests.slice(0, -1)
	const whole = before.filter((s) => !s.partial).length
	const parts = before.length - whole

	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs
				items={[
					{ path: '/quests', label: 'Quests' },
					{ path: questPath(quest.slug), label: quest.name },
				]}
			/>
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{quest.name}</h1>
			<p className="mt-2 max-w-2xl text-muted">
				{whole > 0
					? `${whole} quest${whole === 1 ? '' : 's'} to finish first${parts ? `, and part of ${parts} more` : ''}. `
					: parts > 0
						? `Part of ${parts} quest${parts === 1 ? '' : 's'} to do first. `
						: 'No quests to finish first. '}
				{unlocks.length > 0 ? `Needed for ${unlocks.length} other quest${unlocks.length === 1 ? '' : 's'}.` : null}
			</p>

			<dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
				<Fact label="Difficulty">
					{difficultyLabel(quest.difficulty)}
					{unverified.has('difficulty') ? <Unverified field="difficulty" /> : null}
				</Fact>
				<Fact label="Membership">
					{quest.members ? 'Members' : 'Free to play'}
					{unverified.has('members') ? <Unverified field="membership" /> : null}
				</Fact>
				<Fact label="Quest points">
					<span data-testid="quest-points">{quest.questPoints}</span>
					{unverified.has('questPoints') ? <Unverified field="quest point reward" /> : null}
				</Fact>
				<Fact label="Series">
					{quest.series ?? <span className="font-normal text-muted">None</span>}
					{unverified.has('series') ? <Unverified field="series" /> : null}
				</Fact>
			</dl>
			{quest.aliases?.length ? (
				<p className="mt-3 text-sm text-muted">
					Also known as{' '}
					{quest.aliases.map((alias, i) => (
						<span key={alias}>
							{i > 0 ? ', ' : null}
							<strong className="font-semibold text-fg">{alias}</strong>
						</span>
					))}
				</p>
			) : null}
			{quest.released ? (
				<p className="mt-1 text-sm text-muted">
					Released <time dateTime={quest.released}>{formatDate(quest.released)}</time>
					{unverified.has('released') ? <Unverified field="release date" /> : null}
				</p>
			) : null}
			{unverified.has('requirements') ? (
				<p className="mt-3 text-sm text-warn">The requirements of this quest have not all been checked against the game yet.</p>
			) : null}

			{guide ? (
				<p className="mt-4" data-quest-guide="">
					<Link to={guide.path} prefetch="intent" className="font-semibold text-link underline underline-offset-2">
						Our guide: {guide.title}
					</Link>
				</p>
			) : null}
			<p className={guide ? 'mt-2' : 'mt-4'}>
				<a
					href={wikiQuickGuideUrl}
					target="_blank"
					rel="noopener noreferrer"
					className="inline-flex items-center gap-1.5 font-medium text-link underline underline-offset-2"
				>
					Quick guide on the RuneScape Wiki
					<IconExternal size={15} />
				</a>
			</p>

			<PlayerLookupSection ironmanSwitch />

			{/* Not lazy: every quest page shows it, so its code is preloaded with the page. */}
			<QuestRequirementsWidget quest={quest.name} summary={summary} expandChain titleAsHeading />

			<section aria-labelledby="sources" className="mt-8 text-sm text-muted">
				<h2 id="sources" className="sr-only">
					Sources
				</h2>
				{quest.verified ? (
					<p data-verified="true">
						Requirements checked on <time dateTime={quest.verified.on}>{formatDate(quest.verified.on)}</time> against{' '}
						<SourceText source={quest.verified.source} />.
					</p>
				) : (
					<p data-verified="false" className="text-warn">
						These requirements have not been checked against a source yet.
					</p>
				)}
				{quest.notes?.length ? (
					<ul className="mt-1 list-disc pl-5">
						{quest.notes.map((note) => (
							<li key={note}>{note}</li>
						))}
					</ul>
				) : null}
			</section>

			<section aria-labelledby="unlocks" className="mt-10">
				<h2 id="unlocks" className="border-b border-line pb-1 text-2xl font-bold">
					Unlocks
				</h2>
				{unlocks.length > 0 ? (
					<>
						<p className="mt-3 text-muted">Quests that need {quest.name} done first:</p>
						<ul className="mt-3 grid gap-2 sm:grid-cols-2">
							{unlocks.map((u) => (
								<li key={u.slug}>
									<Link
										to={questPath(u.slug)}
										prefetch="intent"
										className="block rounded-lg border border-line bg-raised px-3 py-2 font-medium text-link hover:border-accent"
									>
										{u.name}
									</Link>
								</li>
							))}
						</ul>
					</>
				) : (
					<p className="mt-3 text-muted">No other quest needs this one.</p>
				)}
			</section>
			<PageReport />
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
