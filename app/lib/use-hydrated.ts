import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server HTML and while hydrating, true once the widget runs in the browser. Widgets
 * put it on their root as `data-hydrated` so tests (and styles) know the controls work.
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	)
}
