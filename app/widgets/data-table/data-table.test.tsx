import { within } from '@testing-library/dom'
import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import DataTable from './data-table.tsx'
import { dataTableSchema, dataTableYamlSchema } from './data-table.schema.ts'

test('rows are [key, value] pairs or {key, value} maps; numbers and booleans become text', () => {
	expect(dataTableYamlSchema.parse([['Loot beams', true], { key: 'Scaling', value: 100 }])).toEqual([
		{ key: 'Loot beams', value: 'true' },
		{ key: 'Scaling', value: '100' },
	])
	expect(dataTableYamlSchema.safeParse([['only a key']]).success).toBe(false)
	expect(dataTableYamlSchema.safeParse([{ key: 'a', value: 'b', extra: 'c' }]).success).toBe(false)
})

test('the headings default to Name and Value, reach the component without a `key` prop, and a table needs a row', () => {
	expect(dataTableSchema.parse({ rows: [['a', 'b']] })).toEqual({
		keyHeading: 'Name',
		valueHeading: 'Value',
		rows: [{ key: 'a', value: 'b' }],
	})
	expect(dataTableSchema.safeParse({ rows: [] }).error?.issues[0]?.message).toMatch(/at least one row/)
})

test('renders a caption, column headings and a row heading per key', () => {
	const props = dataTableSchema.parse({ key: 'Setting', value: 'Suggested', caption: 'Gameplay', rows: [['Loot beams', 'On']] })
	const table = serverHtml(<DataTable {...props} />).getByRole('table', { name: 'Gameplay' })
	expect(
		within(table)
			.getAllByRole('columnheader')
			.map((th) => th.textContent),
	).toEqual(['Setting', 'Suggested'])
	const row = within(table).getByRole('rowheader', { name: 'Loot beams' }).closest('tr')!
	expect(within(row).getByRole('cell').textContent).toBe('On')
})
