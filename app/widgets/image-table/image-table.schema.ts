import { z } from 'zod'

const imagePath = z.string().regex(/^(\/|https:\/\/)/, 'an image path starts with / or https://')
const dimension = z.coerce.number().int().positive()

const imageTableRowSchema = z.strictObject({
	id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'row id must be kebab-case'),
	name: z.string().trim().min(1),
	description: z.string().trim().min(1),
	icon: imagePath.optional(),
	hoverImage: imagePath,
})
export type ImageTableRow = z.infer<typeof imageTableRowSchema>

export const imageTableSchema = z
	.strictObject({
		/** Shown when no row is hovered or locked; defaults to the first row's image. */
		base: imagePath.optional(),
		alt: z.string().trim().min(1).optional(),
		/** Size of the preview images (all the same size); the build fills it in for files under public/. */
		width: dimension.optional(),
		height: dimension.optional(),
		rows: z.array(imageTableRowSchema).min(1, 'an image table needs at least one row'),
	})
	.refine((p) => new Set(p.rows.map((r) => r.id)).size === p.rows.length, {
		message: 'two rows share an id',
		path: ['rows'],
	})
	.refine((p) => (p.width === undefined) === (p.height === undefined), {
		message: 'give both width and height, or neither',
		path: ['width'],
	})
export type ImageTableProps = z.infer<typeof imageTableSchema>
export const imageTableYamlSchema = z.array(imageTableRowSchema)
