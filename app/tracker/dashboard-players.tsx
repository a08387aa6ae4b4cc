import { Form } from 'react-router'
import { DashboardNotices, DashboardSearch } from '#app/dashboard/notices.tsx'
import { ui } from '#app/dashboard/ui.ts'
import { formatDateTime } from '#app/lib/format-date.ts'
import { playerPath } from '#app/lib/player-paths.ts'

type DashboardPlayer = {
	key: string
	name: string
	trackedSince: string
	lastCheckedAt: string
}

export type DashboardPlayersData = {
	query: string
	players: DashboardPlayer[]
	/** What the last POST did (shown once after its redirect). */
	done: { name: string; deleted: boolean; blocked: boolean } | null
	error: string | null
}

function DeleteForm({ name }: { name: string }) {
	return (
		<Form method="post" className="flex flex-wrap items-center gap-3" data-delete-form={name}>
			<input type="hidden" name="name" value={name} />
			<label className="flex items-center gap-1.5 text-sm">
				<input type="checkbox" name="block" value="on" defaultChecked className="size-4 accent-accent" />
				Block future tracking
			</label>
			<button type="submit" name="intent" value="delete" className={`${ui.small} hover:border-bad hover:text-bad`}>
				Delete history
			</button>
		</Form>
	)
}

/**
 * The dashboard's Players page: find tracked players by the start of their name, delete a
 * player's whole history and (by default) block the name from being tracked again. Plain GET and
 * POST forms, so it works without JavaScript.
 */
export function DashboardPlayers({ data }: { data: DashboardPlayersData }) {
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-3xl font-bold tracking-tight">Players</h1>
				<p className="mt-2 max-w-2xl text-muted">
					Players whose progress the site keeps. Deleting removes every snapshot, quest date and log entry of the player; blocking also
					keeps lookups, the daily refresh and the API from tracking the name again (what the privacy page promises on request).
				</p>
			</header>

			<DashboardNotices
				done={
					data.done ? (
						<>
							{data.done.deleted ? `Deleted the history of ${data.done.name}.` : `${data.done.name} had no history.`}{' '}
							{data.done.blocked ? 'The name is blocked from now on.' : 'The name is not blocked.'}
						</>
					) : null
				}
				doneData={{ 'data-players-done': '' }}
				error={data.error}
			/>

			<DashboardSearch label="Find a player" query={data.query} placeholder="Start of the name" />

			{data.query ? (
				data.players.length === 0 ? (
					<p className="text-muted" data-players-none="">
						No tracked player’s name starts with “{data.query}”.
					</p>
				) : (
					<ul className="divide-y divide-line rounded-xl border border-line" data-players-list="">
						{data.players.map((player) => (
							<li key={player.key} className="flex flex-wrap items-center justify-between gap-3 p-4" data-player={player.key}>
								<div>
									<a href={playerPath(player.name)} className="font-semibold text-link underline">
										{player.name}
									</a>
									<p className="text-sm text-muted">
										Tracked since {formatDateTime(player.trackedSince)}, last checked {formatDateTime(player.lastCheckedAt)}
									</p>
								</div>
								<DeleteForm name={player.name} />
							</li>
						))}
					</ul>
				)
			) : null}

			<section aria-labelledby="block-name" className={`${ui.panel} p-4`}>
				<h2 id="block-name" className="text-lg font-bold">
					Remove or block any name
				</h2>
				<p className="mt-1 text-sm text-muted">For a removal request about a player the search does not list (yet).</p>
				<Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
					<label className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-semibold">
						Player name
						<input type="text" name="name" required maxLength={12} className={ui.input} />
					</label>
					<input type="hidden" name="block" value="on" />
					<button type="submit" name="intent" value="delete" className={ui.primary}>
						Delete and block
					</button>
				</Form>
			</section>
		</div>
	)
}
