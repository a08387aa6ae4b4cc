import { z } from 'zod'

const cell = z.union([z.string(), z.number(), z.boolean()]).transform(String)
const row = z.union([z.tuple([cell, cell]).transform(([key, value]) => ({ key, value })), z.strictObject({ key: cell, value: cell })])

/**
 * Authors write `key` and `value` (the column headings); the component gets them as `keyHeading`
 * and `valueHeading`, because React would take a prop called `key` for itself.
 */
export const dataTableSchema = z
	.strictObject({
		key: z.string().trim().min(1).default('Name'),
		value: z.string().trim().min(1).default('Value'),
		caption: z.string().trim().min(1).optional(),
		rows: z.array(row).min(1, 'a data table needs at least one row'),
	})
	.transform(({ key, value, ...rest }) => ({ keyHeading: key, valueHeading: value, ...rest }))
export type DataTableProps = z.output<typeof dataTableSchema>
/** The yaml fence of a data table: a list of rows. */
export const dataTableYamlSchema = z.array(row)
