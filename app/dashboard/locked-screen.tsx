import { useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import { notify } from '#app/components/toaster.tsx'
import { IconLock, IconSpinner } from './icons.tsx'
import { ui } from './ui.ts'

export type LoginFailure = { ok: false; status: 400 | 401 | 429; error: string }

const TOASTS: Record<LoginFailure['status'], (error: string) => [string, string]> = {
	401: () => ['Incorrect password', 'Access denied. Please try again.'],
	429: (error) => ['Too many attempts', error],
	400: (error) => ['Password required', error],
}

/**
 * The dashboard without a session: a password dialog posting to the index route's action, which
 * sets the session cookie and redirects (so the page reloads its data unlocked).
 */
export function LockedScreen({ redirectTo }: { redirectTo: string }) {
	const fetcher = useFetcher<LoginFailure>()
	const dialog = useRef<HTMLDialogElement>(null)
	const input = useRef<HTMLInputElement>(null)
	const titleId = useId()
	const busy = fetcher.state !== 'idle'

	useEffect(() => {
		const failure = fetcher.data
		if (!failure || failure.ok !== false) return
		dialog.current?.close()
		const [title, description] = TOASTS[failure.status](failure.error)
		void notify('error', title, description)
	}, [fetcher.data])

	return (
		<section className="mx-auto max-w-lg py-10 text-center sm:py-16" aria-labelledby="locked-title">
			<div className="mx-auto flex size-16 items-center justify-center rounded-full border border-line bg-raised text-accent">
				<IconLock size={30} />
			</div>
			<h1 id="locked-title" className="mt-6 text-3xl font-bold tracking-tight">
				Dashboard Access Required
			</h1>
			<p className="mt-3 text-muted">
				This area is for guide authors: uploading screenshots and managing the files used in the
				guides. Enter the dashboard password to continue.
			</p>
			<button
				type="button"
				className={`${ui.primary} mt-8 px-6 py-2.5 text-base`}
				disabled={busy}
				onClick={() => {
					if (input.current) input.current.value = ''
					dialog.current?.showModal()
				}}
			>
				{busy ? <IconSpinner size={18} /> : <IconLock size={18} />}
				Enter Password
			</button>
			<p className="mt-8 text-sm text-muted">Need access? Contact the development team for credentials.</p>

			<dialog
				ref={dialog}
				aria-labelledby={titleId}
				className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl border border-line bg-raised p-0 text-left text-fg shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm"
			>
				<fetcher.Form method="post" className="p-6">
					<input type="hidden" name="intent" value="login" />
					<input type="hidden" name="redirectTo" value={redirectTo} />
					<h2 id={titleId} className="text-lg font-bold">
						Enter Password
					</h2>
					<p className="mt-1 text-sm text-muted">The dashboard password unlocks uploads and the gallery.</p>
					<label htmlFor={`${titleId}-password`} className="mt-5 block text-sm font-medium">
						Password
					</label>
					<input
						ref={input}
						id={`${titleId}-password`}
						name="password"
						type="password"
						required
						maxLength={1024}
						autoComplete="current-password"
						className={`${ui.input} mt-1.5`}
					/>
					<div className="mt-6 flex justify-end gap-2">
						<button type="button" className={ui.secondary} onClick={() => dialog.current?.close()}>
							Cancel
						</button>
						<button type="submit" className={ui.primary} disabled={busy}>
							{busy ? <IconSpinner size={16} /> : null}
							{busy ? 'Checking…' : 'Unlock'}
						</button>
					</div>
				</fetcher.Form>
			</dialog>
		</section>
	)
}
