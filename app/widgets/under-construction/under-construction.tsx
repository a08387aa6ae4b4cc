const COMMUNITY_DISCORD = 'https://discord.gg/runescape'

/** Stands in for a page that is not written yet. */
export default function UnderConstruction() {
	return (
		<div className="not-prose my-6 rounded-lg border border-dashed border-warn/60 bg-warn/5 px-5 py-6 text-center" role="note">
			<svg
				viewBox="0 0 24 24"
				width="36"
				height="36"
				fill="none"
				stroke="currentColor"
				strokeWidth="1.8"
				strokeLinecap="round"
				strokeLinejoin="round"
				className="mx-auto text-warn"
				aria-hidden="true"
			>
				<path d="M2 20h20M4 20l3-9h10l3 9M7.5 11 9 6h6l1.5 5M9.6 4h4.8" />
				<path d="M5.7 15h12.6" />
			</svg>
			<p className="mt-3 text-xl font-bold">Page Under Construction</p>
			<p className="mx-auto mt-2 max-w-prose text-muted">
				We are still writing this page. Until it is ready, you can ask other players about it in the RuneScape community Discord.
			</p>
			<a
				href={COMMUNITY_DISCORD}
				target="_blank"
				rel="noopener noreferrer"
				className="mt-4 inline-flex items-center gap-2 rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg no-underline hover:opacity-90"
			>
				RuneScape community Discord
				<span className="sr-only"> (opens in a new tab)</span>
				<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
					<path d="M14 4h6v6M20 4l-9 9M19 14v6H4V5h6" strokeLinecap="round" strokeLinejoin="round" />
				</svg>
			</a>
		</div>
	)
}
