/**
 * A skill's icon: one view of public/images/skills/sprite.svg (made by
 * scripts/media/make-skill-sprite.ts), so every icon on a page comes from one request.
 * Hidden if the sprite fails to load.
 */
export function SkillIcon({ skill, size, className }: { skill: string; size: number; className: string }) {
	return (
		<img
			src={`/images/skills/sprite.svg#${skill}`}
			alt=""
			width={size}
			height={size}
			// Lazy: React would otherwise add a preload link per icon to the page head.
			loading="lazy"
			decoding="async"
			className={className}
			onError={(e) => {
				e.currentTarget.hidden = true
			}}
		/>
	)
}
