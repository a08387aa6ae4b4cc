/** A skill's icon from public/images/skills/; hidden if the file is missing. */
export function SkillIcon({ skill, size, className }: { skill: string; size: number; className: string }) {
	return (
		<img
			src={`/images/skills/${skill}.svg`}
			alt=""
			width={size}
			height={size}
			// Lazy: React would otherwise add a preload link per skill to the page head.
			loading="lazy"
			decoding="async"
			className={className}
			onError={(e) => {
				e.currentTarget.hidden = true
			}}
		/>
	)
}
