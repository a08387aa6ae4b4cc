import { type RefObject, useEffect, useRef } from 'react'

/**
 * While `open`, Escape (unless something else already handled it) and a press outside `container`
 * dismiss a popover or menu: `onDismiss` says which, so the caller can give focus back on Escape.
 */
export function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, onDismiss: (how: 'escape' | 'outside') => void) {
	const dismiss = useRef(onDismiss)
	useEffect(() => {
		dismiss.current = onDismiss
	})
	useEffect(() => {
		if (!open) return
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape' && !event.defaultPrevented) dismiss.current('escape')
		}
		const onPointer = (event: PointerEvent) => {
			if (event.target instanceof Node && !container.current?.contains(event.target)) dismiss.current('outside')
		}
		document.addEventListener('keydown', onKey)
		document.addEventListener('pointerdown', onPointer)
		return () => {
			document.removeEventListener('keydown', onKey)
			document.removeEventListener('pointerdown', onPointer)
		}
	}, [open, container])
}
