import { z } from 'zod'

export const playerLookupSchema = z.strictObject({})
