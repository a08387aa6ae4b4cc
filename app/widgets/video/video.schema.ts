import { z } from 'zod'

export const videoSchema = z.strictObject({
	id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'id must be an 11-character YouTube video id'),
	title: z.string().trim().min(1, 'a video needs a title that says what it shows'),
	start: z.coerce.number().int().nonnegative().optional(),
})
export type VideoProps = z.infer<typeof videoSchema>
