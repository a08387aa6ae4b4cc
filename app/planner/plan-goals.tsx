import { ironmanSetting } from '#app/components/settings/reader-settings.ts'
import { SettingSwitch } from '#app/components/settings/setting-switch.tsx'
import { ChosenGoals, GoalPicker, Presets } from '#app/planner/goal-picker.tsx'
import type { GoalOption } from '#app/planner/goals.ts'

/** The planner's goals box: search, chosen goals, unknown ones, presets and the ironman switch. */
export function PlanGoals({
	options,
	goals,
	unknown,
	onChange,
}: {
	options: GoalOption[]
	goals: { slug: string; label: string }[]
	unknown: string[]
	onChange: (slugs: string[]) => void
}) {
	const slugs = goals.map((g) => g.slug)
	return (
		<section aria-labelledby="goals-heading" className="mt-6 rounded-lg border border-line bg-raised p-4 print:hidden">
			<h2 id="goals-heading" className="sr-only">
				Goals
			</h2>
			<GoalPicker options={options} chosen={new Set(slugs)} onAdd={(slug) => onChange([...slugs, slug])} />
			<ChosenGoals goals={goals} onRemove={(slug) => onChange(slugs.filter((g) => g !== slug))} />
			{unknown.length > 0 ? (
				<p className="mt-3 text-sm text-bad" role="alert">
					Not a quest or unlock we know: {unknown.join(', ')}.
				</p>
			) : null}
			<Presets
				presets={options.filter((o) => o.kind !== 'quest' && !slugs.includes(o.slug))}
				onAdd={(slug) => onChange([...slugs, slug])}
			/>
			<div className="mt-3 border-t border-line pt-3">
				<SettingSwitch setting={ironmanSetting} label="I play an ironman (count ironman-only levels)" />
			</div>
		</section>
	)
}

/** How the plan is ordered and timed, in words, under the plan. */
export function PlanExplainers() {
	return (
		<>
			<section aria-labelledby="how-ordered" className="mt-10 max-w-2xl print:hidden">
				<h2 id="how-ordered" className="border-b border-line pb-1 text-xl font-bold">
					How this order is chosen
				</h2>
				<p className="mt-3 text-sm leading-relaxed">
					Every quest comes after all the quests it needs, and anything your account has already done is left out. When several quests could
					come next, the planner takes one you could start straight away with the levels and quest points you will have by then; when none
					is ready, it takes the one needing the least new training, counted in experience points, and puts that training just before it. A
					quest held back only by its quest-point requirement waits while other quests can still add points. Ties go alphabetically, so the
					same account and goals always give the same plan. Experience comes from the RS3 experience table (Invention has its own, steeper
					one), counted from the experience you have now; boosts are not counted.
				</p>
			</section>
			<section aria-labelledby="how-timed" className="mt-8 max-w-2xl print:hidden">
				<h2 id="how-timed" className="border-b border-line pb-1 text-xl font-bold">
					How the training time is estimated
				</h2>
				<p className="mt-3 text-sm leading-relaxed">
					With your name, the site keeps a daily record of your account. Your pace in a skill is the experience you gained in it over the
					last 30 days (counted in UTC days) divided by the days; with less than a week of records it is last month's experience from
					RuneMetrics instead. A step's time is the experience it still needs at that pace, shown as a range: your pace up to a quarter
					faster or slower. Skills are trained side by side, so the whole plan takes as long as its slowest skill. A skill you gained
					nothing in shows "no recent XP" rather than a guess, and quests are counted, not timed.
				</p>
			</section>
		</>
	)
}
