import { Link } from 'react-router'
import { formatNumber } from '#app/lib/format-number.ts'
import { stepText } from '#app/planner/format.ts'
import type { PlanStep } from '#app/planner/plan.ts'
import { skillLabel } from '#app/lib/skills.ts'
import { questPath } from '#app/quests/names.ts'

const KIND_TAGS: Record<PlanStep['kind'], string> = {
	quest: 'Quest',
	partial: 'Part of a quest',
	train: 'Train',
	other: 'Check by hand',
	questPoints: 'Quest points',
}

function StepLabel({ step, questName, eta }: { step: PlanStep; questName: (slug: string) => string; eta?: string }) {
	switch (step.kind) {
		case 'quest':
			return <span className="font-semibold">{step.name}</span>
		case 'partial':
			return (
				<span>
					<span className="font-semibold">{step.name}</span>, until {step.until}
				</span>
			)
		case 'train':
			return (
				<span>
					Train {skillLabel(step.skill)} {step.fromLevel} → {step.toLevel}:{' '}
					<span className="font-semibold tabular-nums">{formatNumber(step.xpNeeded)} XP</span>
					{eta ? <span data-step-eta="">, {eta}</span> : null}
				</span>
			)
		default:
			return <span>{stepText(step, questName)}</span>
	}
}

/** The plan: an ordered list, each step a real checkbox with its label. */
export function PlanSteps({
	steps,
	ticked,
	onToggle,
	questName,
	progressUnknown,
	etas,
}: {
	steps: readonly PlanStep[]
	/** Step id → its ETA in words (training steps with a known pace). */
	etas?: Readonly<Record<string, { text: string }>>
	ticked: ReadonlySet<string>
	onToggle: (id: string, on: boolean) => void
	questName: (slug: string) => string
	/** Quest progress is hidden (private profile): quests may be done already. */
	progressUnknown: boolean
}) {
	return (
		<ol className="mt-4 divide-y divide-line rounded-lg border border-line" data-plan-steps="">
			{steps.map((step, i) => {
				const id = `plan-step-${i}`
				const done = ticked.has(step.id)
				return (
					<li
						key={step.id}
						data-step-kind={step.kind}
						className={`flex break-inside-avoid items-start gap-3 px-3 py-2.5 sm:px-4 ${done ? 'text-muted' : ''}`}
					>
						<span aria-hidden="true" className="w-8 shrink-0 pt-0.5 text-right text-sm text-muted tabular-nums">
							{i + 1}.
						</span>
						<input
							id={id}
							type="checkbox"
							checked={done}
							onChange={(e) => onToggle(step.id, e.target.checked)}
							className="mt-1 size-5 shrink-0 accent-accent"
						/>
						<div className="min-w-0 flex-1">
							<label htmlFor={id} className={`block cursor-pointer ${done ? 'line-through' : ''}`}>
								<span className="sr-only">{KIND_TAGS[step.kind]}: </span>
								<StepLabel step={step} questName={questName} eta={etas?.[step.id]?.text} />
							</label>
							<p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted">
								<span aria-hidden="true">{KIND_TAGS[step.kind]}</span>
								{step.kind === 'quest' && step.questPoints > 0 ? (
									<span>
										{step.questPoints} quest point{step.questPoints === 1 ? '' : 's'}
									</span>
								) : null}
								{(step.kind === 'quest' || step.kind === 'partial') && progressUnknown ? (
									<span className="text-warn">May be done already: quest progress unknown</span>
								) : null}
								{step.kind === 'quest' || step.kind === 'partial' ? (
									<Link to={questPath(step.slug)} className="text-link underline underline-offset-2 print:hidden">
										Requirements<span className="sr-only"> of {step.name}</span>
									</Link>
								) : null}
							</p>
						</div>
					</li>
				)
			})}
		</ol>
	)
}
