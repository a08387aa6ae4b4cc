import { sourceLabel } from '#app/lib/content/source-label.ts'

/** The pages a guide's facts were checked against (front matter `sources`), under the article. */
export function PageSources({ sources }: { sources: string[] }) {
	if (sources.length === 0) return null
	return (
		<section aria-labelledby="page-sources" className="mt-12 max-w-3xl border-t border-line pt-4 text-sm text-muted">
			<h2 id="page-sources" className="font-semibold text-fg">
				Sources
			</h2>
			<ul className="mt-2 list-disc space-y-1 pl-5">
				{sources.map((source) => (
					<li key={source}>
						<a href={source} target="_blank" rel="noreferrer" className="break-words text-link underline underline-offset-2">
							{sourceLabel(source)}
						</a>
					</li>
				))}
			</ul>
		</section>
	)
}
