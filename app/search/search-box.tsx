import { type FormEvent, type MouseEvent, useEffect, useId, useState } from 'react'
import { Form } from 'react-router'
import { IconSearch } from '#app/components/icons.tsx'
import { openSearch, preloadSearch } from './search-launcher.tsx'

export type SearchBoxProps = {
	/** `header`: compact, in the top bar; `hero`: large, on a landing page; `page`: the /search form. */
	variant?: 'header' | 'hero' | 'page'
	defaultValue?: string
	/** Open the search dialog instead of the /search page once JavaScript runs (default true). */
	enhance?: boolean
	className?: string
}

const INPUT = {
	header: 'h-9 w-56 rounded-md pl-8 pr-14 text-sm',
	hero: 'h-12 w-full rounded-lg pl-11 pr-4 text-base',
	page: 'h-11 w-full rounded-lg pl-10 pr-4 text-base',
} as const

const ICON = { header: 'left-2.5', hero: 'left-3.5', page: 'left-3' } as const
// Short enough for a 320 px phone's hero box: a placeholder is never wrapped, only cut off.
const PLACEHOLDER = { header: 'Search…', hero: 'Search guides, quests…', page: 'Search guides, quests…' } as const

/**
 * A site search box: a plain GET form to `/search?q=…`, so it works before hydration and without
 * JavaScript. Hydrated (and `enhance`), focusing it loads the search, and clicking, typing or
 * pressing Enter opens the search dialog with what was typed.
 */
export function SearchBox({ variant = 'hero', defaultValue, enhance = true, className = '' }: SearchBoxProps) {
	const id = useId()
	const shortcut = useShortcutHint(enhance && variant === 'header')

	function open(input: HTMLInputElement) {
		openSearch(input.value || null, input)
	}

	const handlers = enhance
		? {
				onFocus: preloadSearch,
				onClick: (event: MouseEvent<HTMLInputElement>) => open(event.currentTarget),
				onInput: (event: FormEvent<HTMLInputElement>) => open(event.currentTarget),
			}
		: {}

	return (
		<Form
			action="/search"
			method="get"
			role="search"
			aria-label={variant === 'header' ? 'Site search' : variant === 'page' ? 'Search again' : 'Search the guide'}
			className={`relative ${className}`}
			onSubmit={
				enhance
					? (event) => {
							event.preventDefault()
							const input = event.currentTarget.elements.namedItem('q')
							if (input instanceof HTMLInputElement) open(input)
						}
					: undefined
			}
			data-search-box={variant}
		>
			<label htmlFor={id} className="sr-only">
				Search guides, quests and skills
			</label>
			<IconSearch
				size={variant === 'header' ? 16 : 18}
				className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted ${ICON[variant]}`}
			/>
			<input
				id={id}
				type="search"
				name="q"
				defaultValue={defaultValue}
				maxLength={100}
				autoComplete="off"
				enterKeyHint="search"
				placeholder={PLACEHOLDER[variant]}
				className={`border border-line bg-raised text-fg placeholder:text-muted hover:border-accent/60 focus:border-accent ${INPUT[variant]}`}
				{...handlers}
			/>
			{shortcut ? (
				<kbd
					aria-hidden="true"
					className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-line px-1.5 font-sans text-xs text-muted"
				>
					{shortcut}
				</kbd>
			) : null}
			{/* Enter submits; the button is for pointer users without JavaScript. */}
			<button type="submit" className="sr-only">
				Search
			</button>
		</Form>
	)
}

/** "⌘K" on Apple devices, "Ctrl K" elsewhere; nothing before hydration (the shortcut needs JavaScript). */
function useShortcutHint(enabled: boolean): string | undefined {
	const [hint, setHint] = useState<string>()
	useEffect(() => {
		if (enabled) setHint(/Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl K')
	}, [enabled])
	return hint
}

/** The header's search: the box on wide screens, an icon on narrower ones (full-screen dialog on phones). */
export function HeaderSearch() {
	return (
		<>
			<SearchBox variant="header" className="hidden xl:block" />
			<a
				href="/search"
				aria-label="Search"
				onFocus={preloadSearch}
				onClick={(event) => {
					if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
					event.preventDefault()
					openSearch(null, event.currentTarget)
				}}
				className="inline-flex h-9 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg sm:w-9 xl:hidden"
				data-search-button=""
			>
				<IconSearch size={20} />
			</a>
		</>
	)
}
