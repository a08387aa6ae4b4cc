import data from '#app/generated/planner.json' with { type: 'json' }
import { createPlanner } from '#app/lib/planner/plan.ts'
import type { PlannerData } from '#app/lib/planner/data.ts'
const p = createPlanner(data as PlannerData)
const out=[]
for (let i=0;i<10;i++){ const t = performance.now(); p.plan(['quest-point-cape']); out.push((performance.now() - t).toFixed(1)) }
console.log(out.join(' '))
