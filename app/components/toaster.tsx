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

/** Renders the toast area once something asked for a toast. */
export function ToastRoot() {
	const show = useSyncExternalStore(subscribe, () => requested, () => false)
	if (!show) return null
	return (
		<Suspense fallback={null}>
			<Toaster
				position="top-right"
				duration={4000}
				visibleToasts={3}
				closeButton
				gap={14}
				theme="system"
				toastOptions={{ style: { width: 356 } }}
			/>
			<Mounted />
		</Suspense>
	)
}

type ToastKind = 'success' | 'error' | 'info'

/** Shows a toast (loading sonner first if needed). */
export async function notify(kind: ToastKind, title: string, description?: string) {
	if (!requested) {
		requested = true
		for (const listener of listeners) listener()
	}
	const [{ toast }] = await Promise.all([import('sonner'), ready])
	toast[kind](title, description ? { description } : undefined)
}
