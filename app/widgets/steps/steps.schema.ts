import { z } from 'zod'

export const stepsSchema = z.strictObject({})
