import { useId } from 'react'
import { Link } from 'react-router'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import { IconCheck, IconCross } from '#app/player/player-icons.tsx'
import { playerQuestPoints } from '#app/quests/progress.ts'
import { PlayerLookup } from '#app/player/player-lookup.tsx'
import { useQuestPoints } from '#app/widgets/quest-requirements/use-quest-points.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { GuideIndexEntry, GuideIndexWidgetProps } from './guide-index.schema.ts'
import { type GuidePlayer, type GuideState, guideState, missingText } from './guide-state.ts'

/** The loaded player as the guide states need it, or undefined while none is loaded. */
function useGuidePlayer(needsQuestPoints: boolean): GuidePlayer | undefined {
	const player = usePlayerData()
	const data = player.status === 'loaded' ? player.data : undefined
	// A profile RuneMetrics did not show comes without quests.
	const questsKnown = data !== undefined && !data.error
	// Guides with a threshold stay "checking" until the table is there.
	const points = useQuestPoints(questsKnown && needsQuestPoints)
	if (!data) return undefined
	const completed = data.quests.filter((q) => q.status === 'COMPLETED').map((q) => q.title)
	return {
		hasCompleted: questsKnown ? player.hasCompleted : undefined,
		levelOf: player.levelOf,
		questPoints: questsKnown && points ? playerQuestPoints(completed, points) : undefined,
	}
}

const PILL = 'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap'

function StatePill({ state }: { state: GuideState }) {
	switch (state.kind) {
		case 'completed':
			return (
				<span className={`${PILL} border-ok bg-ok text-bg`}>
					<IconCheck size={14} strokeWidth={3} />
					Completed
				</span>
			)
		case 'met':
			return (
				<span className={`${PILL} border-ok/60 bg-ok-bg text-ok`}>
					<IconCheck size={14} strokeWidth={3} />
					Requirements met
				</span>
			)
		case 'not-met':
			return (
				<span className={`${PILL} border-bad/60 bg-bad-bg text-bad`}>
					<IconCross size={14} strokeWidth={3} />
					Not met
				</span>
			)
		case 'unknown':
			return (
				<span className={`${PILL} border-line font-medium text-muted`}>{state.reason === 'checking' ? 'Checking…' : 'Quests hidden'}</span>
			)
		default:
			return null
	}
}

const EDGE: Record<GuideState['kind'], string> = {
	completed: 'border-l-ok',
	met: 'border-l-ok',
	'not-met': 'border-l-bad',
	unknown: 'border-l-line',
	none: 'border-l-line',
}

/** The line under a state: what is missing, or what the player must check in the guide. */
function cardNote(state: GuideState, other: number): string | undefined {
	if (state.kind === 'not-met') return missingText(state)
	if (other === 0) return undefined
	if (state.kind === 'met') {
		return `Also check ${other === 1 ? 'one other requirement' : `${other} other requirements`} in the guide`
	}
	if (state.kind === 'none') {
		return `Check ${other === 1 ? 'its requirement' : `its ${other} requirements`} in the guide`
	}
	return undefined
}

function GuideCard({ guide, state }: { guide: GuideIndexEntry; state: GuideState | undefined }) {
	const note = state ? cardNote(state, guide.requirement?.other ?? 0) : undefined
	return (
		<li
			data-guide={guide.path}
			data-state={state?.kind}
			className={`relative m-0 flex flex-col gap-x-4 gap-y-2 rounded-lg border border-l-4 border-line bg-raised px-4 py-3 transition-colors hover:border-y-accent/60 hover:border-r-accent/60 sm:flex-row sm:items-start ${
				state ? EDGE[state.kind] : 'border-l-line'
			}`}
		>
			<div className="min-w-0 flex-1">
				{/* The whole card is the link's target; its name stays the guide's label. */}
				<Link
					to={guide.path}
					prefetch="intent"
					className="font-semibold text-link underline-offset-2 after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-accent"
				>
					{guide.label}
				</Link>
				<p className="mt-0.5 text-sm leading-6 text-muted">{guide.description}</p>
			</div>
			{state && (state.kind !== 'none' || note) ? (
				<div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:max-w-48 sm:flex-col sm:items-end sm:text-right">
					<StatePill state={state} />
					{note ? <span className={`text-xs leading-5 ${state.kind === 'not-met' ? 'text-bad' : 'text-muted'}`}>{note}</span> : null}
				</div>
			) : null}
		</li>
	)
}

/** A folder of guides (with `levels="2"`): its own page as a heading, then its guides. */
function GuideGroup({ group, stateOf }: { group: GuideIndexEntry; stateOf: (guide: GuideIndexEntry) => GuideState | undefined }) {
	return (
		<li data-guide-group={group.path} className="m-0 mt-3 space-y-2">
			<div>
				<h3 className="m-0 text-lg font-bold">
					<Link to={group.path} prefetch="intent" className="text-link underline-offset-2 hover:underline">
						{group.label}
					</Link>
				</h3>
				<p className="mt-0.5 text-sm leading-6 text-muted">{group.description}</p>
			</div>
			<ul className="m-0 flex list-none flex-col gap-2.5 border-l-2 border-line p-0 pl-3">
				{group.guides?.map((guide) => (
					<GuideCard key={guide.path} guide={guide} state={stateOf(guide)} />
				))}
			</ul>
		</li>
	)
}

function Summary({ name, states }: { name: string; states: GuideState[] }) {
	const count = (kind: GuideState['kind']) => states.filter((s) => s.kind === kind).length
	const parts = [
		[count('completed'), 'completed'],
		[count('met'), 'ready to start'],
		[count('not-met'), 'not met yet'],
	].filter(([n]) => Number(n) > 0)
	return (
		<p className="text-sm text-muted">
			For <strong className="font-semibold text-fg">{name}</strong>
			{parts.length > 0 ? `: ${parts.map(([n, text]) => `${n} ${text}`).join(', ')}.` : '.'}
		</p>
	)
}

/**
 * The guides of an index page, each with its description; with a loaded player, whether they have
 * completed it, meet its requirements or what they still miss.
 */
function GuideIndex({ title, guides = [] }: GuideIndexWidgetProps) {
	const player = usePlayerData()
	const titleId = useId()
	const all = guides.flatMap((g) => [g, ...(g.guides ?? [])])
	const guidePlayer = useGuidePlayer(all.some((g) => (g.requirement?.questPoints ?? 0) > 0))
	const stateOf = (g: GuideIndexEntry) => (guidePlayer ? guideState(g.requirement, guidePlayer) : undefined)
	const states = guidePlayer ? all.map((g) => guideState(g.requirement, guidePlayer)) : undefined
	const hydrated = useHydrated()
	return (
		<section
			data-hydrated={hydrated ? '' : undefined}
			aria-labelledby={title ? titleId : undefined}
			aria-label={title ? undefined : 'Guides'}
			data-guide-index=""
			className="not-prose my-6 space-y-3"
		>
			{title ? (
				<p id={titleId} className="text-lg font-bold">
					{title}
				</p>
			) : null}
			<div className="space-y-2">
				{states && player.data ? (
					<Summary name={player.data.name} states={states} />
				) : (
					<p className="text-sm text-muted">Load your RuneScape name to see what you can do.</p>
				)}
				<PlayerLookup showQuests={false} />
			</div>
			{guides.length === 0 ? (
				<p className="text-muted">No guides here yet.</p>
			) : (
				<ul className="m-0 flex list-none flex-col gap-2.5 p-0">
					{guides.map((guide) =>
						guide.guides ? (
							<GuideGroup key={guide.path} group={guide} stateOf={stateOf} />
						) : (
							<GuideCard key={guide.path} guide={guide} state={stateOf(guide)} />
						),
					)}
				</ul>
			)}
		</section>
	)
}

export default function GuideIndexWidget(props: GuideIndexWidgetProps) {
	return (
		<PlayerDataProvider>
			<GuideIndex {...props} />
		</PlayerDataProvider>
	)
}
