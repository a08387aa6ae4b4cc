import { expect, test } from 'vitest'
import { formatPercent, markerFromPointer, moveMarker, PIN_SIZE } from './marker-position.ts'
import { worldMapSchema } from './world-map.schema.ts'

const rect = { left: 100, top: 50, width: 800, height: 400 }

test('a double-click marks the pointer position as a percentage of the map', () => {
	expect(markerFromPointer(100, 50, rect)).toEqual({ x: 0, y: 0 })
	expect(markerFromPointer(500, 250, rect)).toEqual({ x: 50, y: 50 })
	expect(markerFromPointer(900, 450, rect)).toEqual({ x: 100, y: 100 })
	// One decimal place.
	expect(markerFromPointer(101, 51, rect)).toEqual({ x: 0.1, y: 0.3 })
})

test('the marker is the point of the pin tip, so a centred pin sits 16 px above it', () => {
	const point = markerFromPointer(420, 300, rect)!
	const centreY = (point.y / 100) * rect.height - PIN_SIZE / 2
	// The same as the "y = clientY - rect.top - 16" rule for a pin drawn by its centre.
	expect(centreY).toBeCloseTo(300 - rect.top - 16, 5)
	expect(PIN_SIZE / 2).toBe(16)
})

test('positions outside the map are clamped, and an empty map gives none', () => {
	expect(markerFromPointer(0, 1000, rect)).toEqual({ x: 0, y: 100 })
	expect(markerFromPointer(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toBeUndefined()
})

test('arrow keys move the marker 1% (5% with Shift) within the map', () => {
	expect(moveMarker({ x: 50, y: 50 }, 'ArrowRight', false)).toEqual({ x: 51, y: 50 })
	expect(moveMarker({ x: 50, y: 50 }, 'ArrowUp', true)).toEqual({ x: 50, y: 45 })
	expect(moveMarker({ x: 0.5, y: 99 }, 'ArrowLeft', false)).toEqual({ x: 0, y: 99 })
	expect(moveMarker({ x: 10, y: 98 }, 'ArrowDown', true)).toEqual({ x: 10, y: 100 })
	expect(moveMarker({ x: 10, y: 10 }, 'Enter', false)).toBeUndefined()
	expect(formatPercent(4)).toBe('4.0%')
})

test('the schema has defaults and wants both sizes or neither', () => {
	expect(worldMapSchema.parse({})).toEqual({ src: '/images/setup/world-map.svg', alt: 'World map' })
	expect(worldMapSchema.parse({ width: '1000', height: '640' })).toMatchObject({ width: 1000, height: 640 })
	expect(worldMapSchema.safeParse({ width: '1000' }).success).toBe(false)
	expect(worldMapSchema.safeParse({ src: 'map.svg' }).error?.issues[0]?.message).toMatch(/starts with/)
})
