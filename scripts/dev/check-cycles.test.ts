import { expect, test } from 'vitest'
import { featureCycles, featureOf, runtimeImports } from './check-cycles.ts'

test('run-time imports count; type-only imports (either spelling) do not', () => {
	const source = [
		"import { a } from '#app/quests/names.ts'",
		"import type { B } from '#app/player/types.ts'",
		"import { type C, type D } from '#app/tracker/api-types.ts'",
		"import { type E, f } from '#app/planner/plan.ts'",
		"export { g } from './g.ts'",
		"const Lazy = lazy(() => import('#app/planner/section.tsx'))",
		"import '#app/styles/app.css'",
	].join('\n')
	expect(runtimeImports(source)).toEqual(['#app/quests/names.ts', '#app/planner/plan.ts', './g.ts', '#app/planner/section.tsx'])
})

test('features are the folders under app/ other than the shared ones', () => {
	expect(featureOf('app/tracker/server/tracker.server.ts')).toBe('tracker')
	expect(featureOf('app/lib/skills.ts')).toBeUndefined()
	expect(featureOf('app/widgets/tabs/tabs.tsx')).toBeUndefined()
	expect(featureOf('app/root.tsx')).toBeUndefined()
})

test('a cycle of two or more features is found; a one-way chain is not', () => {
	const edge = (from: string, to: string) => ({ from, to, file: '', target: '' })
	expect(featureCycles([edge('planner', 'quests'), edge('quests', 'player')])).toEqual([])
	expect(featureCycles([edge('planner', 'quests'), edge('quests', 'planner'), edge('home', 'planner')])).toEqual([['planner', 'quests']])
	expect(featureCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a')])).toEqual([['a', 'b', 'c']])
})
