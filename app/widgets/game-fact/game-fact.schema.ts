import { z } from 'zod'

/**
 * `:gear{id="subjugation-armour"}` and `:unlock{id="bonecrusher"}`: a fact of data/game/, shown as
 * its name and the levels it needs (skill badges), so a page never types a level the data knows.
 * `show="levels"` leaves the name out (a table whose row already names it), `show="name"` the levels.
 */
export const gameFactSchema = z.strictObject({
	id: z.string({ error: 'id is required: the entry in data/game/' }).trim().min(1, 'id is required: the entry in data/game/'),
	show: z.enum(['name', 'levels'], { error: 'show is "name" or "levels" (leave it out for both)' }).optional(),
})
export type GameFactProps = z.infer<typeof gameFactSchema>
