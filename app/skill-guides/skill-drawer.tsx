import { Suspense, use } from 'react'
import { Drawer } from 'vaul'
import { usePlayerData } from '#app/player/player-data.tsx'
import { IconCross } from '#app/player/player-icons.tsx'
import { PlayerLookup } from '#app/player/player-lookup.tsx'
import { drawerTitle } from './guide-view.ts'
import { loadSkillGuide } from './load-guide.ts'
import { xpToLevel } from './requirement.ts'
import { SkillGuidePanel } from './skill-guide-panel.tsx'
import { SkillIcon } from './skill-icon.tsx'

export type SkillDrawerProps = {
	skill: string
	/** The required level of the badge that opened it (none when opened from search). */
	level?: number
	open: boolean
	onOpenChange: (open: boolean) => void
	/** Called once the drawer has finished closing. */
	onClosed?: () => void
	/** Where focus goes back to on close (the drawer has no Drawer.Trigger to return it to). */
	returnFocusTo?: () => HTMLElement | null
}

/**
 * The levelling drawer (its own chunk with vaul, loaded on the first open). Closes on Escape, a
 * tap outside, the close button, a drag past a quarter of its height or a fast downward swipe.
 */
export default function SkillDrawer({ skill, level, open, onOpenChange, onClosed, returnFocusTo }: SkillDrawerProps) {
	return (
		<Drawer.Root
			open={open}
			onOpenChange={onOpenChange}
			closeThreshold={0.25}
			onAnimationEnd={(isOpen) => {
				if (!isOpen) onClosed?.()
			}}
		>
			<Drawer.Portal>
				<Drawer.Overlay className="fixed inset-0 z-40 bg-black/60" />
				<Drawer.Content
					className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[88dvh] w-full max-w-2xl flex-col rounded-t-2xl border border-b-0 border-line bg-bg text-fg shadow-2xl outline-none"
					data-skill-drawer={skill}
					onCloseAutoFocus={(event) => {
						const target = returnFocusTo?.()
						if (!target) return
						event.preventDefault()
						target.focus()
					}}
				>
					<div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-line" />
					<div className="flex items-start gap-3 px-5 pt-3 pb-4">
						<SkillIcon skill={skill} size={36} className="mt-0.5 size-9 shrink-0 rounded-md border border-line bg-raised p-1" />
						<div className="min-w-0 flex-1">
							<Drawer.Title className="text-lg leading-tight font-bold">{drawerTitle(skill)}</Drawer.Title>
							<Drawer.Description className="mt-0.5 text-sm text-muted">Leveling guide for the skill</Drawer.Description>
						</div>
						<Drawer.Close
							className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg"
							aria-label="Close the guide"
						>
							<IconCross size={18} />
						</Drawer.Close>
					</div>
					<div data-drawer-scroll="" className="overflow-y-auto overscroll-contain px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
						<Suspense fallback={<p className="py-6 text-sm text-muted">Loading the guide…</p>}>
							<GuideBody skill={skill} required={level} />
						</Suspense>
					</div>
				</Drawer.Content>
			</Drawer.Portal>
		</Drawer.Root>
	)
}

function GuideBody({ skill, required }: { skill: string; required: number | undefined }) {
	const player = usePlayerData()
	const guide = use(loadSkillGuide(skill))
	if (guide === 'failed') {
		return <p className="py-6 text-sm text-bad">The guide could not be loaded. Check your connection, then close and open it again.</p>
	}
	const loaded = player.status === 'loaded'
	return (
		<SkillGuidePanel
			required={required}
			current={loaded ? player.levelOf(skill) : undefined}
			xpToGo={loaded && required !== undefined ? xpToLevel(skill, required, player.xpOf(skill)) : undefined}
			guide={guide}
			lookup={<PlayerLookup showQuests={false} />}
		/>
	)
}
