import { z } from 'zod'

export const underConstructionSchema = z.strictObject({})
