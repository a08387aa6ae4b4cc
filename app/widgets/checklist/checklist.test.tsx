import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import Checklist, { ChecklistItem } from './checklist.tsx'
import { checklistSchema } from './checklist.schema.ts'
import { checklistProgress, checklistReducer, COMPACT_AFTER, parseProgress, progressKey } from './checklist-state.ts'

const ids = ['unlock', 'minimap', 'chatbox', 'lock']

test('the schema takes a kebab-case id and the item ids the build found', () => {
	expect(checklistSchema.parse({ id: 'interface-1080p', itemIds: ids })).toEqual({ id: 'interface-1080p', itemIds: ids })
	expect(checklistSchema.safeParse({ id: 'Interface 1080p', itemIds: ids }).error?.issues[0]?.message).toMatch(/kebab-case/)
	expect(checklistSchema.safeParse({ id: 'x', itemIds: [] }).error?.issues[0]?.message).toMatch(/at least one item/)
	expect(checklistSchema.safeParse({ id: 'x', itemIds: ids, extra: 1 }).success).toBe(false)
})

test('stored progress is read back in list order, without ids the list no longer has', () => {
	expect(parseProgress('["lock","unlock","gone"]', ids)).toEqual(['unlock', 'lock'])
	expect(progressKey('interface-1080p')).toBe('checklist:interface-1080p')
})

test('stored progress that is missing or fails to parse counts as none', () => {
	for (const raw of [null, undefined, '', '{not json', '"unlock"', '{"unlock":true}', '[1,2]', 'null', '["unlock",3]']) {
		expect(parseProgress(raw, ids)).toEqual([])
	}
})

test('toggling ticks and unticks an item and keeps list order; reset clears', () => {
	let done = checklistReducer(ids, [], { type: 'toggle', id: 'lock' })
	done = checklistReducer(ids, done, { type: 'toggle', id: 'unlock' })
	expect(done).toEqual(['unlock', 'lock'])
	done = checklistReducer(ids, done, { type: 'toggle', id: 'lock' })
	expect(done).toEqual(['unlock'])
	expect(checklistReducer(ids, done, { type: 'toggle', id: 'not-an-item' })).toEqual(['unlock'])
	expect(checklistReducer(ids, done, { type: 'reset' })).toEqual([])
})

test('progress counts done items and names the next one only once some are done', () => {
	expect(checklistProgress(ids, [])).toEqual({ completed: 0, total: 4, percent: 0, next: undefined })
	expect(checklistProgress(ids, ['unlock', 'chatbox'])).toEqual({ completed: 2, total: 4, percent: 50, next: 'minimap' })
	expect(checklistProgress(ids, ['minimap'])).toMatchObject({ completed: 1, percent: 25, next: 'unlock' })
	expect(checklistProgress(ids, ids)).toEqual({ completed: 4, total: 4, percent: 100, next: undefined })
})

function checklist(itemIds: string[]) {
	return serverHtml(
		<Checklist id="demo" itemIds={itemIds}>
			<ul>
				{itemIds.map((id) => (
					<ChecklistItem key={id} id={id}>
						{`Item ${id}`}
					</ChecklistItem>
				))}
			</ul>
		</Checklist>,
	)
}

/** The progress line, read out as it changes. */
const progressLine = (page: ReturnType<typeof serverHtml>) => page.container.querySelector('[aria-live="polite"]')?.textContent

test('the server HTML has every item as an unticked checkbox and the progress', () => {
	const page = checklist(ids)
	// Real checkboxes, each labelled by its row (no role="checkbox" div around links).
	const boxes = page.getAllByRole('checkbox') as HTMLInputElement[]
	expect(boxes.map((box) => box.tagName)).toEqual(['INPUT', 'INPUT', 'INPUT', 'INPUT'])
	expect(boxes.filter((box) => box.checked)).toEqual([])
	expect(page.getByRole('checkbox', { name: 'Item minimap' })).toBe(boxes[1])
	expect(progressLine(page)).toBe('0 of 4 done')
	expect(page.queryByRole('button', { name: 'Compact view' })).toBeNull()
})

test('a list longer than 10 items starts in the compact view with a toggle', () => {
	const long = Array.from({ length: COMPACT_AFTER + 1 }, (_, i) => `item-${i}`)
	const page = checklist(long)
	expect(page.getByRole('button', { name: 'Compact view', pressed: true })).toBeTruthy()
	expect(page.container.querySelector('[data-compact]')).not.toBeNull()
	expect(checklist(long.slice(0, COMPACT_AFTER)).queryByRole('button', { name: 'Compact view' })).toBeNull()
})

test('an item outside a checklist is a plain list item', () => {
	expect(serverHtml(<ChecklistItem id="x">Text</ChecklistItem>).container.innerHTML).toBe('<li>Text</li>')
})

test('a list with quest items renders the same server HTML until a player loads: nothing ticked, nothing read-only', () => {
	const page = serverHtml(
		<Checklist id="route" itemIds={['cooks-assistant', 'train']} itemQuests={{ 'cooks-assistant': "Cook's Assistant" }}>
			<ul>
				<ChecklistItem id="cooks-assistant">Cook&apos;s Assistant</ChecklistItem>
				<ChecklistItem id="train">Train</ChecklistItem>
			</ul>
		</Checklist>,
	)
	const boxes = page.getAllByRole('checkbox') as HTMLInputElement[]
	expect(boxes).toHaveLength(2)
	expect(boxes.filter((box) => box.checked || box.hasAttribute('aria-readonly'))).toEqual([])
	expect(page.container.querySelector('[data-from-player], [data-player-ticks]')).toBeNull()
	expect(progressLine(page)).toBe('0 of 2 done')
})

test('a checklist is named after its title (the heading above it), so several on a page differ', () => {
	const named = serverHtml(
		<Checklist id="a" title="Before launch" itemIds={['x']}>
			<ul>
				<ChecklistItem id="x">X</ChecklistItem>
			</ul>
		</Checklist>,
	)
	expect(named.getByRole('region', { name: 'Checklist: Before launch' })).toBeTruthy()
	expect(checklist(ids).getByRole('region', { name: 'Checklist' })).toBeTruthy()
})
