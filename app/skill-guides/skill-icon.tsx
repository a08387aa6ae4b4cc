/**
 * A skill's icon: one `<symbol>` of public/images/skills/sprite.svg (made by
 * scripts/media/make-skill-sprite.ts), so every icon on a page comes from one request. Drawn with
 * `<use>`, which paints that icon only: as `<img src="sprite.svg#view">` each icon painted the
 * whole sheet, more than half of a long guide's paint work. Nothing shows if the sprite fails.
 */
export function SkillIcon({ skill, size, className }: { skill: string; size: number; className: string }) {
	return (
		<svg width={size} height={size} className={className} aria-hidden="true" focusable="false">
			<use href={`/images/skills/sprite.svg#${skill}`} />
		</svg>
	)
}
