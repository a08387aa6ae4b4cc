import { type Ref, useEffect, useId, useRef, useState } from 'react'
import { type PlayerDataValue, PlayerDataProvider, usePlayerData } from './player-data.tsx'
import { IconCheck, IconCross, IconSpinner } from './player-icons.tsx'
import { ERROR_LOADING_PROFILE, USER_NOT_FOUND } from './client.ts'
import { canSubmitLookup, clampLookupInput, createLookupScheduler, LOOKUP_INPUT_MAX_LENGTH, lookupName } from './lookup-input.ts'
import { profileNotice } from './profile-notice.ts'
import { QuestList } from './quest-list.tsx'

const LOOKUP_HINT = 'Type your RuneScape name first: the lookup starts a second after you stop typing.'

export type PlayerLookupProps = {
	/** Show the player's quest list once loaded (default true). */
	showQuests?: boolean
	/** Lets a host (the header popover) focus the name box. */
	inputRef?: Ref<HTMLInputElement>
	className?: string
}

/**
 * The name box: searches one second after typing stops, or at once on Enter; the name is shared
 * with every player-aware widget on the page and remembered in this browser. Must sit inside a
 * `PlayerDataProvider` (the default export brings its own).
 */
export function PlayerLookup({ showQuests = true, inputRef, className = '' }: PlayerLookupProps) {
	const player = usePlayerData()
	const inputId = useId()
	const statusId = useId()
	const [draft, setDraft] = useState(player.username)

	// Follow the shared name when it changes elsewhere (restored after hydration, another widget).
	const [followed, setFollowed] = useState(player.username)
	if (followed !== player.username) {
		setFollowed(player.username)
		if (lookupName(draft) !== player.username) setDraft(player.username)
	}

	const playerRef = useRef<PlayerDataValue>(player)
	useEffect(() => {
		playerRef.current = player
	})
	const [scheduler] = useState(() =>
		createLookupScheduler({
			onSearch: (name) => {
				const current = playerRef.current
				if (name === current.username && current.status === 'error') current.refetch()
				else current.setUsername(name)
			},
		}),
	)
	useEffect(() => () => scheduler.cancel(), [scheduler])

	const notice = player.data ? profileNotice(player.data) : undefined
	const hintId = useId()
	const blank = !canSubmitLookup(draft)
	const [blankSubmitted, setBlankSubmitted] = useState(false)
	return (
		<section
			className={`rounded-lg border border-line bg-raised p-4 ${className}`}
			aria-label="Player lookup"
			data-player-lookup=""
			data-status={player.status}
		>
			<p className="no-js-only text-sm text-muted">
				Checking requirements against your account needs JavaScript: turn it on to look up your name.
			</p>
			<form
				className="js-only"
				role="search"
				onSubmit={(e) => {
					e.preventDefault()
					// A blank submit clears a failed lookup (and its error) rather than repeating it.
					if (!canSubmitLookup(draft)) {
						setBlankSubmitted(true)
						if (player.status === 'error') player.setUsername('')
						return
					}
					scheduler.submit(draft)
				}}
			>
				<label htmlFor={inputId} className="block text-sm font-semibold">
					Your RuneScape name
				</label>
				<div className="mt-1.5 flex gap-2">
					<input
						id={inputId}
						ref={inputRef}
						type="text"
						value={draft}
						maxLength={LOOKUP_INPUT_MAX_LENGTH}
						onChange={(e) => {
							const value = clampLookupInput(e.target.value)
							setDraft(value)
							setBlankSubmitted(false)
							scheduler.input(value)
						}}
						placeholder="e.g. Zezima"
						autoComplete="off"
						autoCapitalize="off"
						spellCheck={false}
						enterKeyHint="search"
						aria-describedby={statusId}
						className="min-w-0 flex-1 rounded-md border border-line bg-bg px-3 py-2 text-base text-fg placeholder:text-muted focus:border-accent focus:outline-none sm:text-sm"
					/>
					{/* aria-disabled, not disabled: Enter on a blank box still reaches onSubmit (to clear an error). */}
					<button
						type="submit"
						aria-disabled={blank || undefined}
						aria-describedby={blank ? hintId : undefined}
						title={blank ? LOOKUP_HINT : undefined}
						className={`shrink-0 rounded-md border px-3.5 py-2 text-sm font-semibold ${
							blank ? 'cursor-not-allowed border-line bg-bg text-muted' : 'border-accent bg-accent text-accent-fg hover:brightness-110'
						}`}
					>
						Look up
					</button>
				</div>
				<p id={hintId} hidden={!(blank && blankSubmitted)} className="mt-1.5 text-xs text-muted" data-lookup-hint="">
					{LOOKUP_HINT}
				</p>
				<LookupStatus id={statusId} player={player} />
			</form>
			{notice ? (
				<p className="mt-3 rounded-md border border-warn/40 bg-bg px-3 py-2 text-sm" data-profile-notice="">
					{notice}
				</p>
			) : null}
			{showQuests && player.data && player.data.quests.length > 0 ? <QuestList quests={player.data.quests} /> : null}
		</section>
	)
}

/** What to check when a name finds nobody. */
function NotFoundHelp({ name }: { name: string }) {
	return (
		<div className="mt-2 rounded-md border border-bad/40 bg-bg px-3 py-2 text-sm" data-lookup-help="">
			<p className="font-medium">Nobody called “{name}” was found. Check:</p>
			<ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
				<li>the spelling: the name exactly as the game shows it (capitals do not matter);</li>
				<li>a recent name change: look up the new name, the old one stops working;</li>
				<li>
					a private RuneMetrics profile: sign in on the RuneScape website and set your RuneMetrics profile to public in your account
					settings, then look up again.
				</li>
			</ul>
		</div>
	)
}

function LookupStatus({ id, player }: { id: string; player: PlayerDataValue }) {
	// The lookup answered "nobody by that name", rather than failing to get an answer at all.
	const notFound = player.status === 'error' && (player.error === USER_NOT_FOUND || player.error === ERROR_LOADING_PROFILE)
	return (
		<>
			{/* Wraps rather than cut the name short: on a 320 px phone "Forget name" takes its own line. */}
			<div className="mt-2 flex min-h-5 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
				<p id={id} role="status" className="flex min-w-0 items-center gap-1.5">
					{player.status === 'idle' ? (
						<span className="text-muted">Check requirements on this site against your own stats.</span>
					) : player.status === 'loading' ? (
						<>
							<IconSpinner size={15} className="shrink-0 text-muted" />
							<span className="truncate text-muted">Looking up {player.username}…</span>
						</>
					) : player.status === 'error' ? (
						<>
							<IconCross size={15} className="shrink-0 text-bad" />
							<span className="font-medium text-bad">User not found</span>
						</>
					) : (
						<>
							<IconCheck size={15} className="shrink-0 text-ok" />
							<span className="shrink-0 font-medium text-ok">Stats loaded</span>
							<span className="truncate text-muted">for {player.data?.name}</span>
						</>
					)}
				</p>
				{player.status === 'loaded' || player.status === 'error' ? (
					<button
						type="button"
						onClick={() => player.setUsername('')}
						className="ml-auto shrink-0 text-xs text-muted underline-offset-2 hover:text-fg hover:underline"
					>
						Forget name
					</button>
				) : null}
			</div>
			{notFound ? <NotFoundHelp name={player.username} /> : null}
			{player.status === 'error' && !notFound ? (
				<p className="mt-2 text-sm text-muted" data-lookup-help="">
					The RuneScape servers did not answer. Try again in a minute.
				</p>
			) : null}
		</>
	)
}

/**
 * The lookup with its own provider (it shares the page's cache and name): the `::player-lookup`
 * widget and the box at the top of the quest pages.
 */
export default function PlayerLookupWidget() {
	return (
		<PlayerDataProvider>
			<PlayerLookup />
		</PlayerDataProvider>
	)
}
