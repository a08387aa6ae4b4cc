import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import Tabs, { TabPanel } from './tabs.tsx'
import { tabSchema, tabsSchema } from './tabs.schema.ts'
import { initialTab, tabIndexForKey } from './tabs-state.ts'

const labels = ['None', 'Ironman', 'Hardcore Ironman']

test('the schema takes labels and an optional default', () => {
	expect(tabsSchema.parse({ labels, default: 'Ironman' })).toEqual({ labels, default: 'Ironman' })
	expect(tabsSchema.safeParse({ labels: [] }).success).toBe(false)
	expect(tabSchema.safeParse({ label: ' ' }).error?.issues[0]?.message).toBe('a tab needs a label')
})

test('the default label is shown first, else the first tab', () => {
	expect(initialTab(labels, 'Ironman')).toBe('Ironman')
	expect(initialTab(labels, undefined)).toBe('None')
	expect(initialTab(labels, 'Not a tab')).toBe('None')
})

test('arrow keys wrap around, Home and End jump to the ends, other keys do nothing', () => {
	expect(tabIndexForKey('ArrowRight', 0, 3)).toBe(1)
	expect(tabIndexForKey('ArrowRight', 2, 3)).toBe(0)
	expect(tabIndexForKey('ArrowLeft', 0, 3)).toBe(2)
	expect(tabIndexForKey('ArrowLeft', 2, 3)).toBe(1)
	expect(tabIndexForKey('Home', 2, 3)).toBe(0)
	expect(tabIndexForKey('End', 0, 3)).toBe(2)
	expect(tabIndexForKey('ArrowDown', 0, 3)).toBeUndefined()
	expect(tabIndexForKey('a', 0, 3)).toBeUndefined()
	expect(tabIndexForKey('ArrowRight', 0, 0)).toBeUndefined()
})

test('every panel is in the server HTML; only the default one is visible', () => {
	const page = serverHtml(
		<Tabs labels={labels} default="Ironman">
			{labels.map((label) => (
				<TabPanel key={label} label={label}>
					<p>{`About ${label}`}</p>
				</TabPanel>
			))}
		</Tabs>,
	)
	for (const label of labels) expect(page.getByText(`About ${label}`, { ignore: false })).toBeTruthy()
	expect(page.getAllByRole('tabpanel', { hidden: true })).toHaveLength(3)
	expect(page.getAllByRole('tabpanel').map((panel) => panel.textContent)).toEqual(['About Ironman'])
	const selected = page.getByRole('tab', { selected: true })
	expect(selected.textContent).toBe('Ironman')
	expect(selected.getAttribute('tabindex')).toBe('0')
	expect(page.getAllByRole('tab', { selected: false }).map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '-1'])
})
