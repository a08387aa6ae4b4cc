import { z } from 'zod'

const dimension = z.coerce.number().int().positive()

export const screenshotSchema = z.strictObject({
	src: z.string().regex(/^(\/|https:\/\/)/, 'src starts with / or https://'),
	alt: z.string().trim().min(1, 'every image needs alt text'),
	width: dimension,
	height: dimension,
	caption: z.string().trim().min(1).optional(),
	full: z
		.string()
		.regex(/^(\/|https:\/\/)/)
		.optional(),
})
export type ScreenshotProps = z.infer<typeof screenshotSchema>
