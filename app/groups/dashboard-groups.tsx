import { Form } from 'react-router'
import { DashboardNotices, DashboardSearch } from '#app/dashboard/notices.tsx'
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
			<DashboardNotices done={data.done} doneData={{ 'data-groups-done': '' }} error={data.error} />
			<DashboardSearch label="Find a group" query={data.query} placeholder="Group or clan name" />
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
