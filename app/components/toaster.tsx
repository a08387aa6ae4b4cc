import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'

// sonner loads only when the first toast is shown, so pages without toasts never pay for it.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

let requested = false
let mounted: () => void = () => {}
const ready = new Promise<void>((resolve) => {
	mounted = resolve
})
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

function Mounted() {
	useEffect(() => mounted(), [])
	return null
}

/** The site theme (`data-theme` on <html>), followed as the reader switches it. */
function useSiteTheme(): 'dark' | 'light' {
	return useSyncExternalStore(
		(onChange) => {
			const observer = new MutationObserver(onChange)
			observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
			return () => observer.disconnect()
		},
		() => (document.documentElement.dataset.theme === 'light' ? 'light' : 'dark'),
		() => 'dark',
	)
}

/** Renders the toast area once something asked for a toast. */
export function ToastRoot() {
	const show = useSyncExternalStore(
		subscribe,
		() => requested,
		() => false,
	)
	const theme = useSiteTheme()
	if (!show) return null
	return (
		<Suspense fallback={null}>
			<Toaster
				// At the foot of the screen: at the top, under the sticky header, a toast lay over the
				// controls pages put at their top right (the dashboard's Logout) for its 4 s.
				position="bottom-right"
				offset={{ bottom: '1rem', right: '1rem' }}
				mobileOffset={{ bottom: '0.75rem', left: '0.75rem', right: '0.75rem' }}
				duration={4000}
				visibleToasts={3}
				closeButton
				gap={14}
				theme={theme}
				// The site's own surfaces and text, in either theme (not sonner's pure black or white).
				toastOptions={{
					style: {
						width: 356,
						background: 'var(--bg-raised)',
						color: 'var(--fg)',
						border: '1px solid var(--border)',
					},
				}}
			/>
			<Mounted />
		</Suspense>
	)
}

type ToastKind = 'success' | 'error' | 'info'

// Error toasts still on screen, so a later success can take them away.
const errorToasts = new Set<string | number>()

/** Shows a toast (loading sonner first if needed). */
export async function notify(kind: ToastKind, title: string, description?: string) {
	if (!requested) {
		requested = true
		for (const listener of listeners) listener()
	}
	const [{ toast }] = await Promise.all([import('sonner'), ready])
	const id = toast[kind](title, {
		...(description ? { description } : {}),
		onDismiss: (t) => errorToasts.delete(t.id),
		onAutoClose: (t) => errorToasts.delete(t.id),
	})
	if (kind === 'error') errorToasts.add(id)
}

/** Takes away the error toasts still showing: what they complained about has just worked. */
export async function dismissErrorToasts() {
	if (errorToasts.size === 0) return
	const { toast } = await import('sonner')
	for (const id of errorToasts) toast.dismiss(id)
	errorToasts.clear()
}
