import { type ReactNode, type SyntheticEvent, use, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useHydrated } from '#app/lib/use-hydrated.ts'

export type OpenedSignal = {
	/** Settles the first time the disclosure opens. */
	opened: Promise<void>
	markOpened: () => void
	isOpened: () => boolean
	subscribe: (listener: () => void) => () => void
}

/** Whether a disclosure has been opened yet: a promise to wait on while hydrating, a store after. */
export function openedSignal(): OpenedSignal {
	let isOpened = false
	const listeners = new Set<() => void>()
	let resolve = () => {}
	const opened = new Promise<void>((settle) => {
		resolve = settle
	})
	return {
		opened,
		markOpened() {
			if (isOpened) return
			isOpened = true
			resolve()
			for (const listener of listeners) listener()
		},
		isOpened: () => isOpened,
		subscribe(listener) {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
	}
}

/** `openedSignal()` kept for the life of the component. */
export function useOpenedSignal() {
	const [signal] = useState(openedSignal)
	return signal
}

/** Props for the `<details>`: `markOpened` runs when it opens, or once hydrated if it already was. */
export function useOpenedDetails(markOpened: () => void) {
	const ref = useRef<HTMLDetailsElement>(null)
	useEffect(() => {
		if (ref.current?.open) markOpened()
	}, [markOpened])
	return {
		ref,
		onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
			if (event.currentTarget.open) markOpened()
		},
	}
}

/**
 * Inside a `<Suspense>` within a closed `<details>`: while the page hydrates, the server's HTML of
 * `children` stays as it is, not hydrated (no work, and no code if they are lazy), until the
 * disclosure opens; React then hydrates it in place, keeping whatever the reader did with it.
 * Rendered in the browser after hydration (a client-side navigation), the children render when the
 * disclosure opens: a closed one costs nothing, and a navigation never waits for their code.
 */
export function UntilOpened({ signal, children }: { signal: OpenedSignal; children: ReactNode }) {
	const hydrated = useHydrated()
	// The server renders the children (the page works without script); so does hydration, once opened.
	const opened = useSyncExternalStore(signal.subscribe, signal.isOpened, () => true)
	if (typeof document !== 'undefined' && !hydrated) use(signal.opened)
	return opened ? children : null
}
