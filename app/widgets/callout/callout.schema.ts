import { z } from 'zod'

const calloutVariants = ['tip', 'warning', 'note'] as const
export const calloutSchema = z.strictObject({
	variant: z.enum(calloutVariants),
	title: z.string().trim().min(1).optional(),
})
export type CalloutProps = z.infer<typeof calloutSchema>
