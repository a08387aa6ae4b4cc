import { type RefObject, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { ironmanSetting } from '#app/components/settings/reader-settings.ts'
import { SettingSwitch } from '#app/components/settings/setting-switch.tsx'
import { useDismiss } from '#app/components/use-dismiss.ts'
import { PlayerLookup } from './player-lookup.tsx'
import { PlayerDataProvider, usePlayerData } from './player-data.tsx'
import { IconCross } from './player-icons.tsx'
import { playerPath, TOP_GAINERS_PATH } from '#app/lib/player-paths.ts'

export type HeaderLookupPanelProps = {
	id: string
	open: boolean
	/** `refocus`: give focus back to the header button (Escape, the close button). */
	onClose: (refocus: boolean) => void
	/** The loaded player's name, or undefined. */
	onPlayer: (name: string | undefined) => void
	/** Clicks inside it (the button and the panel) do not close the panel. */
	containerRef: RefObject<HTMLElement | null>
}

/** The header's account popover (lazy chunk). Stays mounted when closed, to keep its state. */
export default function HeaderLookupPanel(props: HeaderLookupPanelProps) {
	return (
		<PlayerDataProvider>
			<Panel {...props} />
		</PlayerDataProvider>
	)
}

function Panel({ id, open, onClose, onPlayer, containerRef }: HeaderLookupPanelProps) {
	const player = usePlayerData()
	const loadedName = player.status === 'loaded' ? player.data?.name : undefined
	useEffect(() => onPlayer(loadedName), [loadedName, onPlayer])

	const inputRef = useRef<HTMLInputElement>(null)
	useEffect(() => {
		if (open) inputRef.current?.focus()
	}, [open])

	useDismiss(open, containerRef, (how) => onClose(how === 'escape'))

	return (
		<div
			id={id}
			role="dialog"
			aria-label="Check my account"
			hidden={!open}
			className="fixed inset-x-3 top-16 z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-xl border border-line bg-bg p-4 shadow-2xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
		>
			<div className="mb-3 flex items-start justify-between gap-3">
				<div>
					<h2 className="text-base font-bold">Check my account</h2>
					<p className="mt-0.5 text-sm text-muted">Skill badges and quest lists on every page turn green or red for your account.</p>
				</div>
				<button
					type="button"
					onClick={() => onClose(true)}
					aria-label="Close"
					className="-mt-1 -mr-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg"
				>
					<IconCross size={18} />
				</button>
			</div>
			<PlayerLookup inputRef={inputRef} />
			{loadedName ? (
				<p className="mt-3 text-sm">
					<Link
						to={playerPath(loadedName)}
						onClick={() => onClose(false)}
						className="font-semibold text-link underline"
						data-progress-link=""
					>
						Your progress over time
					</Link>
				</p>
			) : null}
			<p className="mt-2 text-sm">
				<Link to={TOP_GAINERS_PATH} onClick={() => onClose(false)} className="text-link underline">
					Top gainers this week
				</Link>
			</p>
			<div className="mt-4 border-t border-line pt-3">
				<SettingSwitch setting={ironmanSetting} label="I play an ironman" />
				<p className="mt-0.5 text-xs text-muted">Quest panels then also show the levels only ironman accounts need.</p>
			</div>
		</div>
	)
}
