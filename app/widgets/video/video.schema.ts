import { z } from 'zod'

const publicPath = (extensions: string[], what: string) =>
	z
		.string()
		.regex(/^\/[^\s?#]+$/, `${what} must be the path of a file under public/, starting with /`)
		.refine((value) => extensions.some((ext) => value.toLowerCase().endsWith(ext)), `${what} must end in ${extensions.join(' or ')}`)

/**
 * A YouTube video (`id`) or a video file of our own (`src`, an H.264 MP4, which every browser
 * plays, with an optional poster image and WebVTT transcript). Exactly one of `id` and `src`.
 */
export const videoSchema = z
	.strictObject({
		id: z
			.string()
			.regex(/^[A-Za-z0-9_-]{11}$/, 'id must be an 11-character YouTube video id')
			.optional(),
		src: publicPath(['.mp4'], 'src').optional(),
		poster: publicPath(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif'], 'poster').optional(),
		transcript: publicPath(['.vtt'], 'transcript').optional(),
		title: z.string().trim().min(1, 'a video needs a title that says what it shows'),
		start: z.coerce.number().int().nonnegative().optional(),
	})
	.superRefine((video, ctx) => {
		if (Boolean(video.id) === Boolean(video.src)) {
			ctx.addIssue({ code: 'custom', message: 'give either id (a YouTube video) or src (a video file), not both' })
		}
		if (video.id) {
			for (const key of ['poster', 'transcript'] as const) {
				if (video[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is only for a video file (src)` })
			}
		}
	})
export type VideoProps = z.infer<typeof videoSchema>

/** One line of a transcript: the build reads it from the `transcript` file. */
export type TranscriptLine = { start: number; text: string }
