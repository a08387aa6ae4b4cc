import { useEffect, useId, useRef } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { IconLock, IconSpinner } from './icons.tsx'
import { ui } from './ui.ts'

export type LoginFailure = { ok: false; status: 400 | 401 | 429 | 503; error: string }

/** A wrong password is said in the spec's words; the other refusals explain themselves. */
function FailureMessage({ failure }: { failure: LoginFailure }) {
	if (failure.status !== 401) return failure.error
	return (
		<>
			<strong className="block">Incorrect password</strong> Access denied. Please try again.
		</>
	)
}

/**
 * The dashboard without a session: the password form, always open, posting to the index route's
 * action, which sets the session cookie and redirects (so the page reloads its data unlocked). A
 * wrong password is said beside the field, which keeps focus for another try. Without JavaScript
 * it is a plain form post, and the answer comes back as the action's data.
 */
export function LockedScreen({ redirectTo }: { redirectTo: string }) {
	const fetcher = useFetcher<LoginFailure>()
	const posted = useActionData<LoginFailure>()
	const input = useRef<HTMLInputElement>(null)
	const id = useId()
	const busy = fetcher.state !== 'idle'
	const failure = fetcher.state === 'idle' ? (fetcher.data ?? posted) : undefined

	useEffect(() => {
		if (!failure) return
		input.current?.select()
		input.current?.focus()
	}, [failure])

	return (
		<section className="mx-auto max-w-lg py-10 text-center sm:py-16" aria-labelledby="locked-title">
			<div className="mx-auto flex size-16 items-center justify-center rounded-full border border-line bg-raised text-accent">
				<IconLock size={30} />
			</div>
			<h1 id="locked-title" className="mt-6 text-3xl font-bold tracking-tight">
				Dashboard Access Required
			</h1>
			<p className="mt-3 text-muted">
				This area is for guide authors: uploading screenshots and managing the files used in the guides. Enter the dashboard password to
				continue.
			</p>
			<fetcher.Form method="post" className={`${ui.panel} mx-auto mt-8 max-w-sm p-6 text-left`}>
				<input type="hidden" name="intent" value="login" />
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<label htmlFor={`${id}-password`} className="block text-sm font-medium">
					Password
				</label>
				<input
					ref={input}
					id={`${id}-password`}
					name="password"
					type="password"
					required
					maxLength={1024}
					autoComplete="current-password"
					aria-invalid={failure ? true : undefined}
					aria-describedby={failure ? `${id}-error` : undefined}
					className={`${ui.input} mt-1.5`}
				/>
				{failure ? (
					<p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-bad" data-login-error="">
						<FailureMessage failure={failure} />
					</p>
				) : null}
				<button type="submit" className={`${ui.primary} mt-5 w-full`} disabled={busy}>
					{busy ? <IconSpinner size={16} /> : null}
					{busy ? 'Checking…' : 'Enter Password'}
				</button>
			</fetcher.Form>
			<p className="mt-8 text-sm text-muted">Need access? Contact the development team for credentials.</p>
		</section>
	)
}
