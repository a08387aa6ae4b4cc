import { Form } from 'react-router'
import { ui } from '#app/dashboard/ui.ts'
import { formatDateTime } from '#app/lib/format-date.ts'

type DashboardGroup = { id: number; name: string; clanName: string | null; createdAt: string; locked: boolean; members: number }

export type DashboardGroupsData = {
	query: string
	groups: DashboardGroup[]
	/** What the last POST did (shown once after its redirect). */
	done: string | null
	error: string | null
}

/**
 * The dashboard's Groups page: find groups by name or clan, lock one (its code no longer edits,
 * syncs or deletes it) or unlock it, or delete it. Plain GET and POST forms: works without JavaScript.
 */
export function DashboardGroups({ data }: { data: DashboardGroupsData }) {
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-3xl font-bold tracking-tight">Groups</h1>
				<p className="mt-2 max-w-2xl text-muted">
					Clans and groups of players anyone can create. A locked group stays readable, but its verification code no longer edits, syncs or
					deletes it; deleting removes the group, its members and its roster events (the players’ own histories stay).
				</p>
			</header>
			{data.done ? (
				<p role="status" className="rounded-lg border border-ok/50 bg-ok-bg p-3 text-sm text-ok" data-groups-done="">
					{data.done}
				</p>
			) : null}
			{data.error ? (
				<p role="alert" className="rounded-lg border border-bad/50 bg-bad-bg p-3 text-sm text-bad">
					{data.error}
				</p>
			) : null}
			<Form method="get" className={`${ui.panel} flex flex-wrap items-end gap-3 p-4`} role="search">
				<label className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-semibold">
					Find a group
					<input type="search" name="q" defaultValue={data.query} placeholder="Group or clan name" className={ui.input} />
				</label>
				<button type="submit" className={ui.secondary}>
					Find
				</button>
			</Form>
			{data.groups.length === 0 ? (
				<p className="text-muted">{data.query ? `No group matches “${data.query}”.` : 'No group yet.'}</p>
			) : (
				<ul className="divide-y divide-line rounded-xl border border-line" data-dashboard-groups="">
					{data.groups.map((group) => (
						<li key={group.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-group={group.id}>
							<div>
								<a href={`/groups/${group.id}`} className="font-semibold text-link underline">
									{group.name}
								</a>
								{group.locked ? <span className="ml-2 rounded bg-sunken px-2 py-0.5 text-xs font-semibold">Locked</span> : null}
								<p className="text-sm text-muted">
									{group.clanName ? `Clan ${group.clanName}, ` : ''}
									{group.members} members, created {formatDateTime(group.createdAt)}
								</p>
							</div>
							<Form method="post" className="flex gap-2">
								<input type="hidden" name="id" value={group.id} />
								<button type="submit" name="intent" value={group.locked ? 'unlock' : 'lock'} className={ui.small}>
									{group.locked ? 'Unlock' : 'Lock'}
								</button>
								<button type="submit" name="intent" value="delete" className={`${ui.small} hover:border-bad hover:text-bad`}>
									Delete
								</button>
							</Form>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}
