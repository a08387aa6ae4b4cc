import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react'
import { type GoalMatch, type GoalOption, searchGoals } from '#app/planner/goals.ts'
import { buttonClass } from './ui.ts'

const KIND_LABELS: Record<GoalOption['kind'], string> = {
	quest: 'Quest',
	unlock: 'Unlock',
	'quest-cape': 'Cape',
}

function hint(match: GoalMatch): string {
	const { option, alias } = match
	const parts = [KIND_LABELS[option.kind]]
	if (option.quest) parts.push(option.quest)
	if (alias) parts.push(`“${alias}”`)
	return parts.join(' · ')
}

/**
 * The goal box: a combobox (ARIA 1.2, list autocomplete). Typing filters quests and presets by
 * name or abbreviation; arrows move through the list, Enter adds the highlighted goal (or the
 * best match), Escape closes the list and then clears the box.
 */
export function GoalPicker({
	options,
	chosen,
	onAdd,
}: {
	options: readonly GoalOption[]
	chosen: ReadonlySet<string>
	onAdd: (slug: string) => void
}) {
	const id = useId()
	const listId = `${id}-list`
	const inputRef = useRef<HTMLInputElement>(null)
	const [text, setText] = useState('')
	const [open, setOpen] = useState(false)
	const [active, setActive] = useState(0)
	const matches = useMemo(
		() =>
			searchGoals(options, text, 12)
				.filter((m) => !chosen.has(m.option.slug))
				.slice(0, 8),
		[options, text, chosen],
	)
	const shown = open && matches.length > 0
	const activeIndex = Math.min(active, matches.length - 1)

	function choose(match: GoalMatch | undefined) {
		if (!match) return
		onAdd(match.option.slug)
		setText('')
		setActive(0)
		setOpen(false)
		inputRef.current?.focus()
	}

	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		switch (event.key) {
			case 'ArrowDown':
			case 'ArrowUp': {
				event.preventDefault()
				if (!open) {
					setOpen(true)
					setActive(event.key === 'ArrowDown' ? 0 : matches.length - 1)
					return
				}
				const step = event.key === 'ArrowDown' ? 1 : -1
				setActive((activeIndex + step + matches.length) % Math.max(1, matches.length))
				return
			}
			case 'Enter':
				if (!text.trim() && !shown) return
				event.preventDefault()
				choose(matches[shown ? activeIndex : 0])
				return
			case 'Escape':
				if (shown) setOpen(false)
				else setText('')
				return
			case 'Tab':
				setOpen(false)
		}
	}

	return (
		<div className="relative">
			<label htmlFor={id} className="block text-sm font-semibold">
				Add a goal
			</label>
			<input
				ref={inputRef}
				id={id}
				type="text"
				role="combobox"
				aria-expanded={shown}
				aria-controls={listId}
				aria-autocomplete="list"
				aria-activedescendant={shown ? `${id}-option-${activeIndex}` : undefined}
				aria-describedby={`${id}-help`}
				value={text}
				onChange={(e) => {
					setText(e.target.value)
					setActive(0)
					setOpen(true)
				}}
				onFocus={() => setOpen(true)}
				onBlur={() => setOpen(false)}
				onKeyDown={onKeyDown}
				placeholder="Quest, abbreviation or unlock: wgs, dt, Prifddinas…"
				autoComplete="off"
				autoCapitalize="off"
				spellCheck={false}
				enterKeyHint="done"
				className="mt-1.5 w-full rounded-md border border-line bg-bg px-3 py-2 text-base text-fg placeholder:text-muted focus:border-accent focus:outline-none sm:text-sm"
			/>
			<p id={`${id}-help`} className="sr-only">
				Type to filter, use the arrow keys to pick, Enter to add.
			</p>
			<ul
				id={listId}
				role="listbox"
				aria-label="Matching goals"
				hidden={!shown}
				className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-auto rounded-md border border-line bg-bg py-1 shadow-xl"
			>
				{matches.map((match, i) => (
					<li
						key={match.option.slug}
						id={`${id}-option-${i}`}
						role="option"
						aria-selected={i === activeIndex}
						// Keeps focus in the box, so the list does not close before the click lands.
						onMouseDown={(e) => e.preventDefault()}
						onClick={() => choose(match)}
						onMouseMove={() => setActive(i)}
						className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === activeIndex ? 'bg-raised text-fg' : 'text-fg'}`}
					>
						<span className="font-medium">{match.option.label}</span>
						<span className="shrink-0 text-xs text-muted">{hint(match)}</span>
					</li>
				))}
			</ul>
			{open && text.trim() && matches.length === 0 ? (
				<p role="status" className="mt-1 text-sm text-muted">
					No quest or unlock matches “{text.trim()}”.
				</p>
			) : null}
		</div>
	)
}

/** The goals chosen, each with a button to remove it. */
export function ChosenGoals({ goals, onRemove }: { goals: { slug: string; label: string }[]; onRemove: (slug: string) => void }) {
	if (goals.length === 0) return null
	return (
		<ul className="mt-3 flex flex-wrap gap-2" aria-label="Chosen goals">
			{goals.map((goal) => (
				<li key={goal.slug} className="flex items-center gap-1 rounded-full border border-accent/60 bg-bg py-1 pr-1 pl-3 text-sm">
					{goal.label}
					<button
						type="button"
						onClick={() => onRemove(goal.slug)}
						className="rounded-full px-2 text-muted hover:bg-raised hover:text-fg"
						aria-label={`Remove ${goal.label}`}
					>
						×
					</button>
				</li>
			))}
		</ul>
	)
}

/** The presets not chosen yet, one button each. */
export function Presets({ presets, onAdd }: { presets: { slug: string; label: string }[]; onAdd: (slug: string) => void }) {
	if (presets.length === 0) return null
	return (
		<div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
			<span className="text-muted">Popular:</span>
			{presets.map((preset) => (
				<button key={preset.slug} type="button" onClick={() => onAdd(preset.slug)} className={buttonClass}>
					<span className="sr-only">Add </span>
					{preset.label}
				</button>
			))}
		</div>
	)
}
