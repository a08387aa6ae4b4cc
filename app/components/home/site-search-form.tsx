/**
 * The site search box: a plain GET form to /search, so it works before (and without) JavaScript.
 * Stands in for the shared SearchBox of the search issue until that lands.
 */
export function SiteSearchForm() {
	return (
		<form
			action="/search"
			method="get"
			role="search"
			aria-label="Search the site"
			className="flex w-full max-w-xl gap-2"
		>
			<label htmlFor="home-search" className="sr-only">
				Search guides and quests
			</label>
			<input
				id="home-search"
				type="search"
				name="q"
				required
				placeholder="Search guides and quests"
				className="min-w-0 flex-1 rounded-lg border border-line bg-raised px-4 py-2.5 placeholder:text-muted focus:border-accent"
			/>
			<button
				type="submit"
				className="rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg"
			>
				Search
			</button>
		</form>
	)
}
