import { type ReactNode, type SyntheticEvent, use, useEffect, useRef, useState } from 'react'
import { useHydrated } from '#app/widgets/use-hydrated.ts'

/** A promise and the function that settles it, for the first time a disclosure is opened. */
export function openedSignal(): { opened: Promise<void>; markOpened: () => void } {
	let markOpened = () => {}
	const opened = new Promise<void>((resolve) => {
		markOpened = resolve
	})
	return { opened, markOpened }
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
 * `children` stays as it is, not hydrated (no work, and no code if they are lazy), until `opened`
 * settles; React then hydrates it in place, keeping whatever the reader did with it. Rendered in
 * the browser after hydration (a client-side navigation, new data), the children render at once.
 */
export function UntilOpened({ opened, children }: { opened: Promise<void>; children: ReactNode }) {
	const hydrated = useHydrated()
	if (typeof document !== 'undefined' && !hydrated) use(opened)
	return children
}
