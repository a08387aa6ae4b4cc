import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import ImageTable from './image-table.tsx'
import { imageTableSchema } from './image-table.schema.ts'
import { baseImage, imageTableReducer, type ImageTableState, shownRow } from './image-table-state.ts'

const rows = [
	{ id: 'compass', name: 'Compass', description: 'Faces north.', icon: '/i/compass.svg', hoverImage: '/i/compass-hover.svg' },
	{ id: 'run', name: 'Run', description: 'Toggles running.', hoverImage: '/i/run-hover.svg' },
]

test('the schema checks rows, unique ids and a whole size', () => {
	expect(imageTableSchema.parse({ base: '/i/base.svg', rows }).rows).toHaveLength(2)
	expect(imageTableSchema.parse({ rows, width: '480', height: '360' })).toMatchObject({ width: 480, height: 360 })
	expect(imageTableSchema.safeParse({ rows: [rows[0], rows[0]] }).error?.issues[0]?.message).toBe('two rows share an id')
	expect(imageTableSchema.safeParse({ rows, width: 480 }).error?.issues[0]?.message).toMatch(/both width and height/)
	expect(imageTableSchema.safeParse({ rows: [] }).error?.issues[0]?.message).toMatch(/at least one row/)
	expect(imageTableSchema.safeParse({ rows, base: 'images/x.svg' }).error?.issues[0]?.message).toMatch(/starts with \//)
})

test('hovering previews a row and leaving it goes back to the base image', () => {
	let state: ImageTableState = {}
	state = imageTableReducer(state, { type: 'hover', id: 'compass' })
	expect(shownRow(rows, state)?.id).toBe('compass')
	state = imageTableReducer(state, { type: 'hover', id: 'run' })
	// A late "leave" of the row the pointer left earlier changes nothing.
	state = imageTableReducer(state, { type: 'leave', id: 'compass' })
	expect(shownRow(rows, state)?.id).toBe('run')
	state = imageTableReducer(state, { type: 'leave', id: 'run' })
	expect(shownRow(rows, state)).toBeUndefined()
})

test('a click locks a row, hover is ignored while locked, and clicking it again unlocks', () => {
	let state = imageTableReducer({ hovered: 'compass' }, { type: 'click', id: 'compass' })
	expect(state).toEqual({ locked: 'compass' })
	state = imageTableReducer(state, { type: 'hover', id: 'run' })
	state = imageTableReducer(state, { type: 'leave', id: 'compass' })
	expect(shownRow(rows, state)?.id).toBe('compass')
	// Clicking another row moves the lock there.
	state = imageTableReducer(state, { type: 'click', id: 'run' })
	expect(state).toEqual({ locked: 'run' })
	state = imageTableReducer(state, { type: 'click', id: 'run' })
	expect(state).toEqual({})
	expect(shownRow(rows, state)).toBeUndefined()
})

test('the base image is the given one, else the first row image', () => {
	expect(baseImage('/i/base.svg', rows)).toBe('/i/base.svg')
	expect(baseImage(undefined, rows)).toBe('/i/compass-hover.svg')
})

test('the server HTML has a text row per row (buttons once hydrated) and every image stacked, the base one shown', () => {
	const page = serverHtml(<ImageTable base="/i/base.svg" alt="Minimap" width={480} height={360} rows={rows} />)
	// Rows only become buttons once they work: without JavaScript they would do nothing.
	expect(page.queryByRole('button')).toBeNull()
	expect(page.getByText('Compass')).toBeTruthy()
	expect(page.getByText('Toggles running.')).toBeTruthy()
	// One picture for screen readers: the base image; the icon and previews are decoration.
	const base = page.getByRole('img', { name: 'Minimap' }) as HTMLImageElement
	expect([base.getAttribute('src'), base.width, base.height, base.hasAttribute('data-shown')]).toEqual(['/i/base.svg', 480, 360, true])
	const images = [...page.container.querySelectorAll('img')]
	expect(images.filter((img) => img.getAttribute('loading') === 'lazy')).toHaveLength(4) // one icon, three previews
	expect(page.getAllByRole('img')).toEqual([base])
	const preview = images.find((img) => img.getAttribute('src') === '/i/run-hover.svg')!
	expect([preview.alt, preview.getAttribute('aria-hidden')]).toEqual(['', 'true'])
})
