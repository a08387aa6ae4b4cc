import { z } from 'zod'

/** `::game-updates`: the list of data/game-updates.yaml, newest first under a heading per year. It takes no attributes. */
export const gameUpdatesSchema = z.strictObject({})
