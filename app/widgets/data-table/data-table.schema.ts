import { z } from 'zod'

const cell = z.union([z.string(), z.number(), z.boolean()]).transform(String)
const row = z.union([
	z.tuple([cell, cell]).transform(([key, value]) => ({ key, value })),
	z.strictObject({ key: cell, value: cell }),
])

export const dataTableSchema = z.strictObject({
	key: z.string().trim().min(1).default('Name'),
	value: z.string().trim().min(1).default('Value'),
	caption: z.string().trim().min(1).optional(),
	rows: z.array(row).min(1, 'a data table needs at least one row'),
})
export type DataTableProps = z.infer<typeof dataTableSchema>
/** The yaml fence of a data table: a list of rows. */
export const dataTableYamlSchema = z.array(row)
