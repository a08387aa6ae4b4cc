import { z } from 'zod'

export const metronomeSchema = z.strictObject({
	bpm: z.coerce.number().int().min(20).max(300).default(100),
	src: z.string().startsWith('/').default('/sounds/metronome.mp3'),
})
export type MetronomeProps = z.infer<typeof metronomeSchema>
