import plannerJson from '#app/generated/planner.json' with { type: 'json' }
import type { PlannerData } from '#app/planner/data.ts'
import { createPlanner, type Planner } from '#app/planner/plan.ts'

/** The planner's data (app/generated/planner.json), as the page's loader returns it. */
export const plannerData = plannerJson as PlannerData

let planner: Planner | undefined

/** One planner per server process, for `GET /api/v1/plan`. */
export function getPlanner(): Planner {
	planner ??= createPlanner(plannerData)
	return planner
}
