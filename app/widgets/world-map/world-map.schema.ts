import { z } from 'zod'

const dimension = z.coerce.number().int().positive()

export const worldMapSchema = z
	.strictObject({
		src: z
			.string()
			.regex(/^(\/|https:\/\/)/, 'src starts with / or https://')
			.default('/images/setup/world-map.svg'),
		alt: z.string().trim().min(1).default('World map'),
		/** The image's size; the build fills it in for files under public/. */
		width: dimension.optional(),
		height: dimension.optional(),
	})
	.refine((p) => (p.width === undefined) === (p.height === undefined), {
		message: 'give both width and height, or neither',
		path: ['width'],
	})
export type WorldMapProps = z.infer<typeof worldMapSchema>
