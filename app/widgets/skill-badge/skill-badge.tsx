import { lazy, Suspense, useRef, useState } from 'react'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import { IconCheck, IconCross } from '#app/player/player-icons.tsx'
import { skillLabel } from '#app/lib/skills.ts'
import { badgeLabel, badgeLevel, requirementMet } from '#app/skill-guides/requirement.ts'
import type { SkillBadgeProps } from './skill-badge.schema.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { SkillIcon } from '#app/skill-guides/skill-icon.tsx'

const loadDrawer = () => import('#app/skill-guides/skill-drawer.tsx')
const SkillDrawer = lazy(loadDrawer)

const TONES = {
	neutral: 'border-line bg-raised text-fg hover:border-accent/70',
	met: 'border-ok/60 bg-ok-bg text-ok hover:border-ok',
	unmet: 'border-bad/60 bg-bad-bg text-bad hover:border-bad',
}

/**
 * A skill requirement: level, skill name and icon, as a button that opens the levelling drawer.
 * Neutral without player data, green when the loaded player meets it, red when not. Must sit
 * inside a `PlayerDataProvider` (the default export brings its own).
 */
export function SkillBadge({ skill, level }: SkillBadgeProps) {
	const player = usePlayerData()
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	const buttonRef = useRef<HTMLButtonElement>(null)
	// vaul and the guide load on the first open only; the drawer stays mounted afterwards.
	const [requested, setRequested] = useState(false)
	const current = player.status === 'loaded' ? player.levelOf(skill) : undefined
	const met = requirementMet(current, level)
	const tone = met === undefined ? TONES.neutral : met ? TONES.met : TONES.unmet
	const className = `mx-0.5 inline-flex items-center gap-1 rounded-md border px-1.5 py-px align-middle text-[0.9em] leading-snug font-medium whitespace-nowrap transition-colors ${tone}`
	const content = (
		<>
			<SkillIcon skill={skill} size={16} className="size-4 shrink-0" />
			<span className="tabular-nums">{badgeLevel(level, current)}</span> <span>{skillLabel(skill)}</span>
			{met === true ? <IconCheck size={13} strokeWidth={3} /> : null}
			{met === false ? <IconCross size={13} strokeWidth={3} /> : null}
		</>
	)
	// Until hydration (and without JavaScript) the badge is plain text: its drawer cannot open yet.
	if (!hydrated) {
		return (
			<span data-skill-badge={skill} className={className}>
				{content}
			</span>
		)
	}
	return (
		<>
			<button
				ref={buttonRef}
				type="button"
				onClick={() => {
					setRequested(true)
					setOpen(true)
				}}
				onPointerEnter={() => void loadDrawer()}
				onFocus={() => void loadDrawer()}
				aria-label={badgeLabel(skill, level, current)}
				aria-haspopup="dialog"
				data-skill-badge={skill}
				data-met={met === undefined ? undefined : String(met)}
				className={`cursor-pointer ${className}`}
			>
				{content}
			</button>
			{requested ? (
				<Suspense fallback={null}>
					<SkillDrawer
						skill={skill}
						level={level}
						open={open}
						onOpenChange={setOpen}
						// The drawer moves focus to the reader's current range; closing it gives it back here.
						returnFocusTo={() => buttonRef.current}
					/>
				</Suspense>
			) : null}
		</>
	)
}

/** `::skill-badge` / `:skill-badge`: the badge with its own provider (shared cache and name). */
export default function SkillBadgeWidget(props: SkillBadgeProps) {
	return (
		<PlayerDataProvider>
			<SkillBadge {...props} />
		</PlayerDataProvider>
	)
}
