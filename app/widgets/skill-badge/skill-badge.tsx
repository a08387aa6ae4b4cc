import { PlayerDataProvider, usePlayerData } from '#app/components/player/player-data.tsx'
import { skillLabel } from '#app/lib/skills.ts'
import type { SkillBadgeProps } from './skill-badge.schema.ts'

/**
 * A skill requirement: level, skill name and icon. Neutral without player data, green when the
 * loaded player meets it, red when not.
 */
export function SkillBadge({ skill, level }: SkillBadgeProps) {
	const player = usePlayerData()
	const met = player.status === 'loaded' ? player.levelOf(skill) >= level : undefined
	const tone =
		met === undefined
			? 'border-line bg-raised text-fg'
			: met
				? 'border-ok/60 bg-ok-bg text-ok'
				: 'border-bad/60 bg-bad-bg text-bad'
	return (
		<span
			className={`inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 align-middle text-sm font-medium whitespace-nowrap ${tone}`}
			data-met={met === undefined ? undefined : String(met)}
		>
			<img
				src={`/images/skills/${skill}.svg`}
				alt=""
				width={16}
				height={16}
				onError={(e) => {
					e.currentTarget.hidden = true
				}}
			/>
			<span>
				{level} {skillLabel(skill)}
			</span>
		</span>
	)
}

export default function SkillBadgeWidget(props: SkillBadgeProps) {
	return (
		<PlayerDataProvider>
			<SkillBadge {...props} />
		</PlayerDataProvider>
	)
}
