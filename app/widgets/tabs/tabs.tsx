import { createContext, type KeyboardEvent, type ReactNode, use, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { TabsProps } from './tabs.schema.ts'
import { initialTab, tabIndexForKey } from './tabs-state.ts'

type TabsContextValue = { active: string; labels: string[]; idOf: (part: 'tab' | 'panel', index: number) => string }

const TabsContext = createContext<TabsContextValue | null>(null)

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation). Every panel is in the server HTML; the
 * inactive ones are `hidden`.
 */
export default function Tabs({ labels, default: defaultLabel, children }: TabsProps & { children?: ReactNode }) {
	const hydrated = useHydrated()
	const base = useId()
	const [selected, setSelected] = useState(() => initialTab(labels, defaultLabel))
	// The labels can change under us on client-side navigation: fall back to the default then.
	const active = labels.includes(selected) ? selected : initialTab(labels, defaultLabel)
	const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
	const rootRef = useRef<HTMLDivElement>(null)
	const labelsKey = labels.join('\n')
	// The same object until the selection changes: a new one on the hydration re-render would make
	// React drop the server HTML of panels still waiting for their lazy widgets (they vanished).
	const context = useMemo<TabsContextValue>(
		() => ({ active, labels: labelsKey.split('\n'), idOf: (part, index) => `${base}-${part}-${index}` }),
		[active, labelsKey, base],
	)
	const { idOf } = context

	// A link to a heading inside a hidden panel (the table of contents, a link from another page)
	// opens that panel and scrolls to the heading. The heading may not be in the page yet (a
	// panel's own widgets can still be loading as the island hydrates): then it is revealed when
	// it arrives.
	useEffect(() => {
		let waiting: MutationObserver | undefined
		/** False while the hash names an element that is not in the page yet. */
		const reveal = (): boolean => {
			const id = decodeURIComponent(window.location.hash.slice(1))
			const target = id ? document.getElementById(id) : null
			if (!target) return !id
			const panel = target.closest<HTMLElement>('[role="tabpanel"]')
			const label = panel?.dataset.label
			if (!panel?.hidden || label === undefined || !rootRef.current?.contains(panel)) return true
			if (!labelsKey.split('\n').includes(label)) return true
			setSelected(label)
			requestAnimationFrame(() => target.scrollIntoView())
			return true
		}
		const revealWhenThere = () => {
			waiting?.disconnect()
			if (reveal() || !rootRef.current) return
			waiting = new MutationObserver(() => {
				if (reveal()) waiting?.disconnect()
			})
			waiting.observe(rootRef.current, { childList: true, subtree: true })
		}
		revealWhenThere()
		window.addEventListener('hashchange', revealWhenThere)
		return () => {
			waiting?.disconnect()
			window.removeEventListener('hashchange', revealWhenThere)
		}
	}, [labelsKey])

	const onKeyDown = (event: KeyboardEvent, index: number) => {
		const target = tabIndexForKey(event.key, index, labels.length)
		if (target === undefined) return
		event.preventDefault()
		setSelected(labels[target]!)
		tabRefs.current[target]?.focus()
	}

	return (
		<div
			ref={rootRef}
			className="not-prose my-6 rounded-lg border border-line bg-raised"
			data-tabs=""
			data-hydrated={hydrated ? '' : undefined}
		>
			<div role="tablist" className="flex overflow-x-auto rounded-t-lg border-b border-line bg-sunken/60 px-2">
				{labels.map((label, index) => {
					const isActive = label === active
					return (
						<button
							key={label}
							ref={(el) => {
								tabRefs.current[index] = el
							}}
							type="button"
							role="tab"
							id={idOf('tab', index)}
							aria-selected={isActive}
							aria-controls={idOf('panel', index)}
							tabIndex={isActive ? 0 : -1}
							onClick={() => setSelected(label)}
							onKeyDown={(event) => onKeyDown(event, index)}
							className={`-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:-outline-offset-4 ${
								isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:border-line hover:text-fg'
							}`}
						>
							{label}
						</button>
					)
				})}
			</div>
			<TabsContext value={context}>{children}</TabsContext>
		</div>
	)
}

/** One `::::tab` block: a panel shown while its tab is selected. */
export function TabPanel({ label, children }: { label: string; children?: ReactNode }) {
	const tabs = use(TabsContext)
	if (!tabs) return <div>{children}</div>
	const index = tabs.labels.indexOf(label)
	return (
		<>
			{/* Without JavaScript every panel shows, each under its label (root.tsx's noscript style). */}
			<p className="no-js-only px-4 pt-4 font-semibold sm:px-5">{label}</p>
			<div
				role="tabpanel"
				id={tabs.idOf('panel', index)}
				aria-labelledby={tabs.idOf('tab', index)}
				hidden={label !== tabs.active}
				data-label={label}
				tabIndex={0}
				className="prose min-h-80 px-4 py-4 focus-visible:-outline-offset-2 sm:px-5 [&>:first-child]:mt-0"
			>
				{children}
			</div>
		</>
	)
}
