import { z } from 'zod'

export const worldMapSchema = z.strictObject({
	src: z.string().regex(/^(\/|https:\/\/)/).default('/images/setup/world-map.svg'),
	alt: z.string().trim().min(1).default('World map'),
})
export type WorldMapProps = z.infer<typeof worldMapSchema>
