/** Rules of the player lookup box, kept apart from React so they can be tested directly. */

/** Longest input the box accepts (the server checks the real name rules). */
export const LOOKUP_INPUT_MAX_LENGTH = 15
/** The automatic search runs this long after typing stops. */
export const LOOKUP_DEBOUNCE_MS = 1000

/** What the box holds: anything past the limit is cut off. */
export function clampLookupInput(raw: string): string {
	return raw.slice(0, LOOKUP_INPUT_MAX_LENGTH)
}

/** The name to search for, or '' when the input is blank (blank input is ignored). */
export function lookupName(raw: string): string {
	return clampLookupInput(raw).trim()
}

export function canSubmitLookup(raw: string): boolean {
	return lookupName(raw) !== ''
}

type Timers = {
	set: (run: () => void, ms: number) => unknown
	clear: (handle: unknown) => void
}

const realTimers: Timers = {
	set: (run, ms) => setTimeout(run, ms),
	clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export type LookupScheduler = {
	/** The input changed: search one second after the last change (blank cancels). */
	input(raw: string): void
	/** Enter or the button: search now. */
	submit(raw: string): void
	cancel(): void
}

export function createLookupScheduler({
	onSearch,
	delayMs = LOOKUP_DEBOUNCE_MS,
	timers = realTimers,
}: {
	onSearch: (name: string) => void
	delayMs?: number
	timers?: Timers
}): LookupScheduler {
	let pending: unknown
	const cancel = () => {
		if (pending !== undefined) timers.clear(pending)
		pending = undefined
	}
	return {
		input(raw) {
			cancel()
			const name = lookupName(raw)
			if (!name) return
			pending = timers.set(() => {
				pending = undefined
				onSearch(name)
			}, delayMs)
		},
		submit(raw) {
			cancel()
			const name = lookupName(raw)
			if (name) onSearch(name)
		},
		cancel,
	}
}
