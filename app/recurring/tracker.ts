/**
 * The reader's tracker state (ticks and hidden activities, kept in localStorage) and how an
 * activity stands for a loaded player. Pure: the page feeds it the clock and the player.
 */
import { checkCanStart, type PlayerProgress, type StartCheck, type StartCheckEntry, toSkillLevels } from '#app/quests/artifacts.ts'
import { completedPrerequisites } from '#app/quests/requirements.ts'
import type { Activity } from './activities.schema.ts'
import { FREQUENCIES, type Frequency, tickStillCounts } from './resets.ts'

export const TRACKER_STORAGE_KEY = 'recurring:v1'

export type TrackerState = {
	/** Activity id → when it was ticked (ms since the epoch). */
	ticks: Record<string, number>
	hidden: string[]
}

export const EMPTY_TRACKER: TrackerState = { ticks: {}, hidden: [] }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The stored state; whatever is unreadable (hand-edited, another version) is dropped rather than
 * an error. Checked by hand: zod stays out of the page's bundle.
 */
export function parseTrackerState(raw: string | null): TrackerState {
	let value: unknown
	try {
		value = raw ? JSON.parse(raw) : undefined
	} catch {
		value = undefined
	}
	if (!isRecord(value)) return EMPTY_TRACKER
	const ticks = isRecord(value.ticks)
		? Object.fromEntries(
				Object.entries(value.ticks).filter(
					(entry): entry is [string, number] => Number.isSafeInteger(entry[1]) && (entry[1] as number) >= 0,
				),
			)
		: {}
	const hidden = Array.isArray(value.hidden) ? value.hidden.filter((id): id is string => typeof id === 'string') : []
	return { ticks, hidden: [...new Set(hidden)] }
}

/** Ticked, and not yet past the next reset after the tick. */
export function isDone(state: TrackerState, activity: Pick<Activity, 'id' | 'frequency'>, now: number): boolean {
	const tickedAt = state.ticks[activity.id]
	return tickedAt !== undefined && tickStillCounts(activity.frequency, tickedAt, now)
}

export function setDone(state: TrackerState, activity: Pick<Activity, 'id' | 'frequency'>, done: boolean, now: number): TrackerState {
	const { [activity.id]: _old, ...ticks } = state.ticks
	return { ...state, ticks: done ? { ...ticks, [activity.id]: now } : ticks }
}

export function setHidden(state: TrackerState, id: string, hidden: boolean): TrackerState {
	const others = state.hidden.filter((h) => h !== id)
	return { ...state, hidden: hidden ? [...others, id] : others }
}

/** Drops ticks that have cleared and entries for activities that no longer exist. */
export function pruneTracker(state: TrackerState, activities: readonly Activity[], now: number): TrackerState {
	const byId = new Map(activities.map((a) => [a.id, a]))
	const ticks = Object.fromEntries(
		Object.entries(state.ticks).filter(([id, at]) => {
			const activity = byId.get(id)
			return activity !== undefined && tickStillCounts(activity.frequency, at, now)
		}),
	)
	return { ticks, hidden: state.hidden.filter((id) => byId.has(id)) }
}

/** Each frequency's activities, most worth doing first (then by name). */
export function groupActivities(activities: readonly Activity[]): { frequency: Frequency; activities: Activity[] }[] {
	return FREQUENCIES.map((frequency) => ({
		frequency,
		activities: activities
			.filter((a) => a.frequency === frequency)
			.sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name, 'en')),
	}))
}

export type ActivityStanding = StartCheck & {
	/** The player is at or past the activity's "worth it until" level. */
	pastWorth: boolean
}

/** An activity's requirements as the quests' start check reads a catalogue entry. */
function startCheckEntry(activity: Activity): StartCheckEntry {
	const req = activity.requirements
	return {
		quests: completedPrerequisites({ name: activity.name, requirements: req }),
		partial: req.partial.map((p) => p.quest),
		skills: toSkillLevels(req.skill),
		anyOf: req.anyOf.map((group) => toSkillLevels(group.skill)),
		ironmanSkills: toSkillLevels(req.ironman?.skill ?? []),
		requiredQuestPoints: req.questPoints ?? 0,
	}
}

/** Every quest an activity's requirements name (for the build check and the player lookup). */
export function requiredQuests(activity: Activity): string[] {
	const req = activity.requirements
	return [...completedPrerequisites({ name: activity.name, requirements: req }), ...req.partial.map((p) => p.quest)]
}

/** How an activity stands for a player: the quests' own start check, plus "still worth it". */
export function activityStanding(activity: Activity, player: PlayerProgress): ActivityStanding {
	const check = checkCanStart(startCheckEntry(activity), player)
	const worth = activity.worthItUntil
	const pastWorth = worth !== undefined && (player.levels[worth.skill] ?? 1) >= worth.level
	return { ...check, pastWorth }
}
