import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useIronman } from '#app/components/settings/reader-settings.ts'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import type { QuestCatalogueEntry } from '#app/lib/quests/artifacts.ts'
import { createQuestIndex } from '#app/lib/quests/names.ts'
import { nextSteps } from '#app/lib/quests/next-steps.ts'
import { toPlayerProgress } from '#app/lib/quests/progress.ts'
import { SKILL_NAMES, skillLabel } from '#app/lib/skills.ts'

let cataloguePromise: Promise<QuestCatalogueEntry[]> | undefined
function loadCatalogue() {
	cataloguePromise ??= import('#app/generated/quests/catalogue.json').then(
		(m) => m.default as QuestCatalogueEntry[],
	)
	return cataloguePromise
}

function useCatalogue(): QuestCatalogueEntry[] | undefined {
	const [catalogue, setCatalogue] = useState<QuestCatalogueEntry[]>()
	useEffect(() => {
		let live = true
		loadCatalogue().then(
			(list) => live && setCatalogue(list),
			() => {
				cataloguePromise = undefined
			},
		)
		return () => {
			live = false
		}
	}, [])
	return catalogue
}

function Card({ className }: { className: string }) {
	const player = usePlayerData()
	const [ironman] = useIronman()
	const catalogue = useCatalogue()
	const steps = useMemo(() => {
		if (player.status !== 'loaded' || !player.data || !catalogue) return undefined
		const index = createQuestIndex(catalogue)
		const points = Object.fromEntries(
			catalogue.filter((q) => q.questPoints > 0).map((q) => [q.name, q.questPoints]),
		)
		const titles = (status: string) =>
			player.data!.quests.filter((q) => q.status === status).map((q) => q.title)
		const snapshot = {
			completedTitles: titles('COMPLETED'),
			startedTitles: titles('STARTED'),
			levels: Object.fromEntries(SKILL_NAMES.map((skill) => [skill, player.levelOf(skill)])),
		}
		return nextSteps(
			catalogue,
			toPlayerProgress(snapshot, (t) => index.find(t)?.name, points, { ironman }),
		)
	}, [player, catalogue, ironman])

	const heading = (
		<h2
			id="player-card-heading"
			className="text-xs font-semibold tracking-widest text-muted uppercase"
		>
			Next steps for {player.data?.name ?? player.username}
		</h2>
	)
	if (player.status === 'error') {
		return (
			<section aria-labelledby="player-card-heading" className={className} data-card="player-error">
				{heading}
				<p className="mt-2 text-bad">{player.error}</p>
				<Link to="/quests" className="mt-auto font-semibold text-link underline">
					Look up another name
				</Link>
			</section>
		)
	}
	if (!steps || !player.data) {
		return (
			<section
				aria-labelledby="player-card-heading"
				aria-busy="true"
				className={className}
				data-card="player-loading"
			>
				{heading}
				<p className="mt-2 text-muted">Loading…</p>
			</section>
		)
	}
	const questsHidden = player.data.quests.length === 0 && player.profileState !== undefined
	return (
		<section aria-labelledby="player-card-heading" className={className} data-card="player-steps">
			{heading}
			{questsHidden ? (
				<p className="mt-2 text-muted">
					RuneMetrics does not show this player's quests, so we cannot tell which ones are done.
				</p>
			) : (
				<>
					<p className="mt-2 font-semibold">Can start now</p>
					<ul className="mt-1 space-y-0.5" aria-label="Quests you can start now">
						{steps.canStart.map((q) => (
							<li key={q.slug} className="truncate">
								<Link to={`/quests/${q.slug}`} className="text-link hover:underline">
									{q.name}
								</Link>
							</li>
						))}
						{steps.canStart.length === 0 ? <li className="text-muted">None right now.</li> : null}
					</ul>
					{steps.nearestUnlock ? (
						<p className="mt-2 truncate" data-nearest-unlock={steps.nearestUnlock.quest.slug}>
							<span className="font-semibold">Nearest unlock: </span>
							<Link
								to={`/quests/${steps.nearestUnlock.quest.slug}`}
								className="text-link hover:underline"
							>
								{steps.nearestUnlock.quest.name}
							</Link>{' '}
							<span className="text-muted">
								(
								{steps.nearestUnlock.missingSkills
									.map((s) => `${s.level} ${skillLabel(s.skill)}`)
									.join(', ')}
								)
							</span>
						</p>
					) : null}
				</>
			)}
			<Link to="/tools/plan" className="mt-auto font-semibold text-link underline">
				Plan your account
			</Link>
		</section>
	)
}

/** The loaded half of the home page's player card (its own chunk), in the card's fixed box. */
export default function PlayerCardContent({ className }: { className: string }) {
	return (
		<PlayerDataProvider>
			<Card className={className} />
		</PlayerDataProvider>
	)
}
