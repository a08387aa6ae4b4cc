import { z } from 'zod'

const imagePath = z
	.string()
	.regex(/^(\/|https:\/\/)/, 'an image path starts with / or https://')

export const imageTableRowSchema = z.strictObject({
	id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'row id must be kebab-case'),
	name: z.string().trim().min(1),
	description: z.string().trim().min(1),
	icon: imagePath.optional(),
	hoverImage: imagePath,
})

export const imageTableSchema = z.strictObject({
	base: imagePath.optional(),
	alt: z.string().trim().min(1).optional(),
	rows: z.array(imageTableRowSchema).min(1, 'an image table needs at least one row'),
})
export type ImageTableProps = z.infer<typeof imageTableSchema>
export const imageTableYamlSchema = z.array(imageTableRowSchema)
