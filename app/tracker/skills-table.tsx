import { SKILLS } from '#app/lib/skills.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'

const cell = 'px-3 py-1.5 text-right tabular-nums'
const head = 'px-3 py-2 text-xs font-semibold tracking-wide text-muted uppercase'

/** A level past the cap (or past 120) by XP: "99" with "(v. 105)". */
function Level({ level, virtualLevel }: { level: number; virtualLevel: number }) {
	return (
		<>
			{level}
			{virtualLevel > level ? (
				<span className="ml-1 text-xs text-muted" title={`Virtual level ${virtualLevel}`}>
					(virtual {virtualLevel})
				</span>
			) : null}
		</>
	)
}

/** Current levels, XP and ranks from the latest snapshot, in skill order, with the totals. */
export function SkillsTable({ snapshot }: { snapshot: Snapshot }) {
	const rank = (value: number | null) => (value === null ? <span className="text-muted">–</span> : formatNumber(value))
	return (
		// Scrolls sideways on the narrowest phones: focusable, so a keyboard can scroll it too.
		<div className="overflow-x-auto rounded-lg border border-line" role="region" aria-label="Levels table" tabIndex={0}>
			<table className="w-full min-w-[28rem] text-sm" data-skills-table="">
				<caption className="sr-only">Current levels, experience and ranks</caption>
				<thead className="bg-raised">
					<tr>
						<th scope="col" className={`${head} text-left`}>
							Skill
						</th>
						<th scope="col" className={`${head} text-right`}>
							Level
						</th>
						<th scope="col" className={`${head} text-right`}>
							XP
						</th>
						<th scope="col" className={`${head} text-right`}>
							Rank
						</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-line">
					<tr className="font-semibold">
						<th scope="row" className="px-3 py-1.5 text-left">
							Total
						</th>
						<td className={cell}>{formatNumber(snapshot.totalLevel)}</td>
						<td className={cell}>{formatNumber(snapshot.totalXp)}</td>
						<td className={cell}>{rank(snapshot.rank)}</td>
					</tr>
					{snapshot.skills.map((skill) => (
						<tr key={skill.skill} data-skill={skill.skill}>
							<th scope="row" className="px-3 py-1.5 text-left font-medium">
								{SKILLS.find((s) => s.name === skill.skill)?.label ?? skill.skill}
							</th>
							<td className={cell}>
								<Level level={skill.level} virtualLevel={skill.virtualLevel} />
							</td>
							<td className={cell}>{formatNumber(skill.xp)}</td>
							<td className={cell}>{rank(skill.rank)}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/**
 * Skills held at a cap that carries a caveat (a reported raise no update post confirms): the
 * level shown may be lower than the game's, so the page says why under the table.
 */
function capCaveats(snapshot: Snapshot) {
	return snapshot.skills.flatMap((state) => {
		const skill = SKILLS.find((s) => s.name === state.skill)
		return skill?.capNote && state.virtualLevel > state.level ? [{ label: skill.label, note: skill.capNote }] : []
	})
}

export function CapCaveats({ snapshot }: { snapshot: Snapshot }) {
	const caveats = capCaveats(snapshot)
	if (caveats.length === 0) return null
	return (
		<ul className="mt-2 space-y-1 text-sm text-muted" data-cap-caveats="">
			{caveats.map((c) => (
				<li key={c.label}>
					<span className="font-semibold text-fg">{c.label}:</span> {c.note}
				</li>
			))}
		</ul>
	)
}
