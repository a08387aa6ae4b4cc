/** Marker pins are drawn 32 px tall with their tip at the bottom centre. */
export const PIN_SIZE = 32

export type MarkerPosition = { x: number; y: number }
type Rect = { left: number; top: number; width: number; height: number }

const clamp = (n: number) => Math.min(100, Math.max(0, n))
const round = (n: number) => Math.round(n * 10) / 10

/**
 * Where a double-click puts the marker: the pointer's position as a percentage of the map image
 * (0–100, one decimal), so it stays on the same spot when the map is resized.
 *
 * This is the point the pin's TIP marks. The pin is drawn 32 px tall, anchored by its bottom centre
 * (`translate(-50%, -100%)`), so its centre sits half a pin (16 px) above the pointer: the same
 * result as storing `y = clientY - rect.top - 16` for a centred pin, but the tip still marks the
 * right spot after a resize, and the coordinates shown are those of the point itself.
 */
export function markerFromPointer(clientX: number, clientY: number, rect: Rect): MarkerPosition | undefined {
	if (rect.width <= 0 || rect.height <= 0) return undefined
	return {
		x: round(clamp(((clientX - rect.left) / rect.width) * 100)),
		y: round(clamp(((clientY - rect.top) / rect.height) * 100)),
	}
}

/** Arrow keys move the marker 1 % (5 % with Shift); other keys leave it. */
export function moveMarker(position: MarkerPosition, key: string, big: boolean): MarkerPosition | undefined {
	const step = big ? 5 : 1
	const delta: Record<string, [number, number]> = {
		ArrowLeft: [-step, 0],
		ArrowRight: [step, 0],
		ArrowUp: [0, -step],
		ArrowDown: [0, step],
	}
	const d = delta[key]
	if (!d) return undefined
	return { x: round(clamp(position.x + d[0])), y: round(clamp(position.y + d[1])) }
}

export const formatPercent = (n: number) => `${n.toFixed(1)}%`
