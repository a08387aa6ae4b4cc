import { normalisePlayerName } from '#app/player/username.ts'

/**
 * Where this browser keeps the plan tracked for a player, keyed as the lookup keys players
 * (`Zezima_Jr` = `zezima jr`). Apart from `tracked-plan.ts` so the player page can ask whether
 * there is one without loading the parser.
 */
export function trackedPlanKey(player: string): string {
	return `plan-tracked:${normalisePlayerName(player).key}`
}
