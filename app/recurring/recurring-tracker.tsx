import { type ComponentType, Fragment, startTransition, useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useIronman } from '#app/components/settings/reader-settings.ts'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import { IconExternal } from '#app/components/icons.tsx'
import { pad, remaining } from '#app/lib/countdown.ts'
import type { PlayerProgress, QuestPointsMap } from '#app/quests/artifacts.ts'
import { normaliseQuestName, questPath, questSlug } from '#app/quests/names.ts'
import { toPlayerProgress } from '#app/quests/progress.ts'
import type { Activity } from '#app/recurring/activities.schema.ts'
import { type Frequency, nextReset } from '#app/recurring/resets.ts'
import {
	type ActivityStanding,
	activityStanding,
	groupActivities,
	isDone,
	pruneTracker,
	requiredQuests,
	setDone,
	setHidden,
	type TrackerState,
} from '#app/recurring/tracker.ts'
import { type SkillName, SKILL_NAMES, skillLabel } from '#app/lib/skills.ts'
import { saveTracker, useTrackerState } from './tracker-store.ts'

const GROUP_TITLES: Record<Frequency, string> = {
	daily: 'Daily',
	weekly: 'Weekly',
	monthly: 'Monthly',
}
const RESET_RULE: Record<Frequency, string> = {
	daily: 'every day at 00:00 UTC',
	weekly: 'every Wednesday at 00:00 UTC',
	monthly: 'on the 1st of every month at 00:00 UTC',
}

/**
 * The time, once the page runs in the browser (null on the server and while hydrating), ticking
 * every second; `sync` moves it to a given moment at once (a tick must count from its own time).
 */
function useNow(): [number | null, (time: number) => void] {
	const [now, setNow] = useState<number | null>(null)
	useEffect(() => {
		// The first clock render (every countdown and tick state) may yield to the browser.
		startTransition(() => setNow(Date.now()))
		const timer = setInterval(() => setNow(Date.now()), 1000)
		return () => clearInterval(timer)
	}, [])
	return [now, setNow]
}

function formatLeft(target: number, now: number) {
	const left = remaining(target, now)
	const clock = `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`
	return left.days > 0 ? `${left.days}d ${clock}` : clock
}

// Made once: building a formatter loads locale data (~10 ms on a slow phone), and the countdown
// re-renders every second.
let timeFormat: Intl.DateTimeFormat | undefined
const localTime = (time: number) =>
	(timeFormat ??= new Intl.DateTimeFormat(undefined, {
		weekday: 'short',
		day: 'numeric',
		month: 'short',
		hour: '2-digit',
		minute: '2-digit',
	})).format(time)

// Two lines on a phone either way: the live countdown replacing the rule moves nothing.
const RESET_LINE = 'min-h-10 text-sm text-muted sm:min-h-0'

function ResetLine({ frequency, now }: { frequency: Frequency; now: number | null }) {
	if (now === null) return <p className={RESET_LINE}>Resets {RESET_RULE[frequency]}.</p>
	const next = nextReset(frequency, now)
	return (
		<p className={RESET_LINE}>
			Resets in{' '}
			<span className="font-semibold text-fg tabular-nums" data-reset-countdown={frequency}>
				{formatLeft(next, now)}
			</span>{' '}
			(
			<time dateTime={new Date(next).toISOString()} data-reset-at={frequency}>
				{localTime(next)}
			</time>
			, your time)
		</p>
	)
}

const questsHidden = (data: { quests: readonly unknown[]; error?: string }) => data.quests.length === 0 && data.error !== undefined

/** The page's skill requirement badge (the site's usual one, given by the route). */
type SkillBadgeComponent = ComponentType<{ skill: SkillName; level: number }>

/**
 * The loaded player as the quest start check reads them, or undefined while none is loaded.
 * `points` (quest name → quest points) comes with the page when an activity needs quest points.
 */
function usePlayerProgress(activities: readonly Activity[], points: QuestPointsMap | undefined): PlayerProgress | undefined {
	const player = usePlayerData()
	const [ironman] = useIronman()
	return useMemo(() => {
		if (player.status !== 'loaded' || !player.data) return undefined
		// RuneMetrics titles are our quest names; only the quests the activities name matter here.
		const required = new Map(activities.flatMap(requiredQuests).map((q) => [normaliseQuestName(q), q]))
		const titles = (status: string) => player.data!.quests.filter((q) => q.status === status).map((q) => q.title)
		const progress = toPlayerProgress(
			{
				completedTitles: titles('COMPLETED'),
				startedTitles: titles('STARTED'),
				levels: Object.fromEntries(SKILL_NAMES.map((skill) => [skill, player.levelOf(skill)])),
			},
			(title) => required.get(normaliseQuestName(title)),
			points ?? {},
			{ ironman },
		)
		// A profile that hides its quests cannot be checked against quests: none counts as missing.
		if (questsHidden(player.data)) {
			const all = new Set(required.values())
			return { ...progress, completed: all, started: all }
		}
		return progress
	}, [player, activities, points, ironman])
}

function Requirements({ activity, SkillBadge }: { activity: Activity; SkillBadge: SkillBadgeComponent }) {
	const { quest, skill, questPoints, partial, fully, anyOf, other } = activity.requirements
	const questLink = (name: string, suffix = '') => (
		<Link key={name} to={questPath(questSlug(name))} className="text-link underline">
			{name}
			{suffix}
		</Link>
	)
	const parts = [
		...skill.map((s) => <SkillBadge key={s.skill} skill={s.skill} level={s.level} />),
		...quest.map((q) => questLink(q)),
		...fully.map((f) => questLink(f.quest, ` (${f.until})`)),
		...partial.map((p) => questLink(p.quest, ` (up to ${p.until})`)),
		...anyOf.map((group) => `one of ${group.skill.map((s) => `${s.level} ${skillLabel(s.skill)}`).join(' or ')}`),
		...(questPoints !== undefined ? [`${questPoints} quest points`] : []),
		...other,
	]
	if (parts.length === 0) return null
	return (
		<p className="mt-1 text-sm">
			<span className="text-muted">Needs </span>
			{parts.map((part, i) => (
				<Fragment key={i}>
					{i > 0 ? ', ' : null}
					{part}
				</Fragment>
			))}
		</p>
	)
}

function missingText(standing: ActivityStanding): string {
	return [
		...standing.missingSkills.map((s) => `${s.level} ${skillLabel(s.skill)} (you have ${s.current})`),
		...standing.missingAnyOf.map((group) => `one of ${group.map((s) => `${s.level} ${skillLabel(s.skill)}`).join(' or ')}`),
		...standing.missingQuests,
		...standing.missingPartial.map((q) => `to start ${q}`),
		...(standing.questPointsShort > 0 ? [`${standing.questPointsShort} more quest points`] : []),
	].join(', ')
}

function ActivityRow(props: {
	activity: Activity
	SkillBadge: SkillBadgeComponent
	done: boolean
	standing: ActivityStanding | undefined
	ready: boolean
	onDone: (done: boolean) => void
	onHide: () => void
}) {
	const { activity, done, standing, ready } = props
	const locked = standing !== undefined && !standing.canStart
	const pastWorth = standing?.pastWorth === true
	const checkboxId = `done-${activity.id}`
	return (
		<li
			data-activity={activity.id}
			data-done={String(done)}
			data-locked={standing ? String(locked) : undefined}
			data-past-worth={standing ? String(pastWorth) : undefined}
			className={`flex gap-3 rounded-xl border border-line bg-raised p-4 ${locked || pastWorth ? 'opacity-60' : ''}`}
		>
			<input
				id={checkboxId}
				type="checkbox"
				checked={done}
				disabled={!ready}
				onChange={(e) => props.onDone(e.currentTarget.checked)}
				className="mt-1 size-5 shrink-0 accent-[var(--accent)]"
			/>
			<div className="min-w-0 flex-1">
				<div className="flex flex-wrap items-center gap-x-2 gap-y-1">
					<label htmlFor={checkboxId} className={`font-bold ${done ? 'text-muted line-through' : ''}`}>
						{activity.name}
					</label>
					{activity.priority === 1 ? (
						<span className="rounded-full border border-accent/60 px-2 text-xs font-semibold text-accent">Top pick</span>
					) : null}
					{activity.members ? <span className="text-xs text-muted">Members</span> : null}
				</div>
				<p className="mt-1 text-sm">{activity.reward}</p>
				<Requirements activity={activity} SkillBadge={props.SkillBadge} />
				{locked ? (
					<p className="mt-1 text-sm font-semibold text-bad" data-missing>
						Locked: you still need {missingText(standing)}.
					</p>
				) : null}
				{pastWorth && activity.worthItUntil ? (
					<p className="mt-1 text-sm font-semibold text-muted" data-not-worth>
						No longer worth it at {activity.worthItUntil.level}+ {skillLabel(activity.worthItUntil.skill)}.
					</p>
				) : null}
				{activity.note ? <p className="mt-1 text-sm text-muted">{activity.note}</p> : null}
				<p className="mt-2 flex flex-wrap gap-x-4 text-sm">
					<a href={activity.wiki} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-link underline">
						Wiki <IconExternal size={14} />
					</a>
					<button type="button" onClick={props.onHide} disabled={!ready} className="text-muted underline hover:text-fg">
						Hide<span className="sr-only"> {activity.name}</span>
					</button>
				</p>
			</div>
		</li>
	)
}

type TrackerProps = {
	activities: readonly Activity[]
	points?: QuestPointsMap
	SkillBadge: SkillBadgeComponent
}

function Tracker({ activities, points, SkillBadge }: TrackerProps) {
	const [now, syncNow] = useNow()
	const stored = useTrackerState()
	const progress = usePlayerProgress(activities, points)
	// Ticks from before the latest reset clear themselves; tidy storage once the clock is known.
	const hasClock = now !== null
	useEffect(() => {
		if (!hasClock) return
		const pruned = pruneTracker(stored, activities, Date.now())
		if (JSON.stringify(pruned) !== JSON.stringify(stored)) saveTracker(pruned)
	}, [hasClock, stored, activities])

	const update = (change: (state: TrackerState) => TrackerState) => saveTracker(change(stored))
	const groups = groupActivities(activities)
	const player = usePlayerData()
	return (
		<div className="mt-8 space-y-10">
			{player.data && questsHidden(player.data) ? (
				<p className="rounded-lg border border-line bg-raised p-3 text-sm text-muted" data-quests-hidden>
					RuneMetrics does not show {player.data.name}'s quests, so quest requirements are not checked here.
				</p>
			) : null}
			{groups.map(({ frequency, activities: list }) => {
				const shown = list.filter((a) => !stored.hidden.includes(a.id))
				const hidden = list.filter((a) => stored.hidden.includes(a.id))
				const doneCount = now === null ? 0 : shown.filter((a) => isDone(stored, a, now)).length
				return (
					<section key={frequency} aria-labelledby={`group-${frequency}`} data-group={frequency}>
						{/* Left-aligned: the reset line changing length moves nothing. */}
						<div>
							<h2 id={`group-${frequency}`} className="text-2xl font-bold">
								{GROUP_TITLES[frequency]}
								<span className="ml-2 text-base font-normal text-muted" data-done-count>
									{doneCount}/{shown.length} done
								</span>
							</h2>
							<ResetLine frequency={frequency} now={now} />
						</div>
						<ul className="mt-4 space-y-3">
							{shown.map((activity) => (
								<ActivityRow
									key={activity.id}
									activity={activity}
									SkillBadge={SkillBadge}
									done={now !== null && isDone(stored, activity, now)}
									standing={progress ? activityStanding(activity, progress) : undefined}
									ready={now !== null}
									onDone={(done) => {
										const time = Date.now()
										update((s) => setDone(s, activity, done, time))
										syncNow(time)
									}}
									onHide={() => update((s) => setHidden(s, activity.id, true))}
								/>
							))}
						</ul>
						{hidden.length > 0 ? (
							<details className="mt-3 text-sm" data-hidden-list={frequency}>
								<summary className="cursor-pointer text-muted">Hidden ({hidden.length})</summary>
								<ul className="mt-2 space-y-1">
									{hidden.map((activity) => (
										<li key={activity.id} className="flex items-center gap-3">
											<span>{activity.name}</span>
											<button type="button" onClick={() => update((s) => setHidden(s, activity.id, false))} className="text-link underline">
												Show<span className="sr-only"> {activity.name}</span>
											</button>
										</li>
									))}
								</ul>
							</details>
						) : null}
					</section>
				)
			})}
		</div>
	)
}

/**
 * The dailies, weeklies and monthlies with reset timers, ticks that clear themselves at the next
 * reset, hiding, and (with a player loaded) locked and no-longer-worth-it marks.
 */
export function RecurringTracker(props: TrackerProps) {
	return (
		<PlayerDataProvider>
			<Tracker {...props} />
		</PlayerDataProvider>
	)
}
