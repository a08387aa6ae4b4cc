import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
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

function render(itemIds: string[]) {
	return renderToString(
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

test('the server HTML has every item as an unticked checkbox and the progress', () => {
	const html = render(ids)
	// Real checkboxes, each labelled by its row (no role="checkbox" div around links).
	expect(html.match(/<input[^>]*type="checkbox"/g)).toHaveLength(4)
	expect(html).not.toContain('role="checkbox"')
	expect(html).not.toMatch(/<input[^>]*\schecked=""/)
	expect(html.match(/<label for="/g)).toHaveLength(4)
	expect(html).toContain('Item minimap')
	expect(html).toMatch(/aria-live="polite"[^>]*>0 of 4 done/)
	expect(html).not.toContain('Compact view')
})

test('a list longer than 10 items starts in the compact view with a toggle', () => {
	const long = Array.from({ length: COMPACT_AFTER + 1 }, (_, i) => `item-${i}`)
	const html = render(long)
	expect(html).toMatch(/aria-pressed="true"[^>]*>Compact view/)
	expect(html).toContain('max-h-[480px]')
	expect(render(long.slice(0, COMPACT_AFTER))).not.toContain('Compact view')
})

test('an item outside a checklist is a plain list item', () => {
	expect(renderToString(<ChecklistItem id="x">Text</ChecklistItem>)).toBe('<li>Text</li>')
})

test('a list with quest items renders the same server HTML until a player loads: nothing ticked, nothing read-only', () => {
	const html = renderToString(
		<Checklist id="route" itemIds={['cooks-assistant', 'train']} itemQuests={{ 'cooks-assistant': "Cook's Assistant" }}>
			<ul>
				<ChecklistItem id="cooks-assistant">Cook&apos;s Assistant</ChecklistItem>
				<ChecklistItem id="train">Train</ChecklistItem>
			</ul>
		</Checklist>,
	)
	expect(html.match(/<input[^>]*type="checkbox"/g)).toHaveLength(2)
	expect(html).not.toMatch(/<input[^>]*\schecked=""/)
	expect(html).not.toContain('aria-readonly')
	expect(html).not.toContain('data-from-player')
	expect(html).not.toContain('data-player-ticks')
	expect(html).toMatch(/aria-live="polite"[^>]*>0 of 2 done/)
})

test('a checklist is named after its title (the heading above it), so several on a page differ', () => {
	const named = renderToString(
		<Checklist id="a" title="Before launch" itemIds={['x']}>
			<ul>
				<ChecklistItem id="x">X</ChecklistItem>
			</ul>
		</Checklist>,
	)
	expect(named).toContain('aria-label="Checklist: Before launch"')
	expect(render(ids)).toContain('aria-label="Checklist"')
})
