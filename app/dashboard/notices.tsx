import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { ui } from './ui.ts'

/**
 * What the last form post did (a status, shown once after its redirect) and what went wrong (an
 * alert). `doneData` carries the page's own `data-*` attributes for its tests.
 */
export function DashboardNotices({
	done,
	doneData,
	error,
}: {
	done: ReactNode
	doneData?: Record<`data-${string}`, string>
	error: string | null | undefined
}) {
	return (
		<>
			{done ? (
				<p role="status" className="rounded-lg border border-ok/50 bg-ok-bg p-3 text-sm text-ok" {...doneData}>
					{done}
				</p>
			) : null}
			{error ? (
				<p role="alert" className="rounded-lg border border-bad/50 bg-bad-bg p-3 text-sm text-bad">
					{error}
				</p>
			) : null}
		</>
	)
}

/** A dashboard list's search box: `GET ?q=`, without JavaScript too. */
export function DashboardSearch({ label, query, placeholder }: { label: string; query: string; placeholder: string }) {
	return (
		<Form method="get" className={`${ui.panel} flex flex-wrap items-end gap-3 p-4`} role="search">
			<label className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-semibold">
				{label}
				<input type="search" name="q" defaultValue={query} placeholder={placeholder} className={ui.input} />
			</label>
			<button type="submit" className={ui.secondary}>
				Find
			</button>
		</Form>
	)
}
