import type { QuestStatus } from '#app/quests/catalogue-query.ts'
import type { SearchHit, SearchKind, Segment } from './search-types.ts'

/** A loaded player's status per quest name, with its label. */
export type QuestStatusLabels = Record<string, { status: QuestStatus; label: string }>

const KIND_LABELS: Record<SearchKind, string> = {
	page: 'Guide',
	heading: 'Section',
	quest: 'Quest',
	skill: 'Skill guide',
	term: 'Glossary',
	tool: 'Tool',
}

const STATUS_TONES: Record<QuestStatus, string> = {
	completed: 'border-ok/50 bg-ok-bg text-ok',
	'can-start': 'border-accent/60 bg-accent/10 text-accent',
	locked: 'border-line bg-sunken text-muted',
}

/** Text with the matched words marked. */
function Highlighted({ segments }: { segments: readonly Segment[] }) {
	return (
		<>
			{segments.map((s, i) =>
				s.match ? (
					<mark key={i} className="rounded-sm bg-accent/25 px-px text-inherit">
						{s.text}
					</mark>
				) : (
					s.text
				),
			)}
		</>
	)
}

/** A result's title, where it sits, a one-line excerpt and, for a quest, the player's status. */
export function HitContent({ hit, status }: { hit: SearchHit; status?: { status: QuestStatus; label: string } }) {
	return (
		<span className="flex min-w-0 flex-1 flex-col gap-0.5">
			<span className="flex min-w-0 items-center gap-2">
				<span className="min-w-0 truncate font-semibold text-fg">
					{hit.kind === 'heading' ? (
						<span aria-hidden="true" className="mr-1 text-muted">
							#
						</span>
					) : null}
					<Highlighted segments={hit.title} />
				</span>
				{status ? (
					<span
						className={`ml-auto shrink-0 rounded-full border px-2 py-px text-xs font-semibold ${STATUS_TONES[status.status]}`}
						data-quest-status={status.status}
					>
						{status.label}
					</span>
				) : null}
			</span>
			<span className="truncate text-xs text-muted">
				<span className="sr-only">{KIND_LABELS[hit.kind]}: </span>
				{hit.context ?? KIND_LABELS[hit.kind]}
			</span>
			{hit.excerpt.length > 0 ? (
				<span className="truncate text-sm text-muted" data-excerpt="">
					<Highlighted segments={hit.excerpt} />
				</span>
			) : null}
		</span>
	)
}
