import { type ReactNode, startTransition, useEffect } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { RenderNode } from '#app/lib/content/compact-hast.ts'
import { isIslandWidget, widgetLoaders } from './components.ts'
import { IslandContent, type IslandEntry, islandIdPrefix } from './island.tsx'

/** Widgets nested in an island's children: loaded with it, so hydrating it does not wait. */
function nestedWidgets(nodes: readonly unknown[]): string[] {
	return (nodes as RenderNode[]).flatMap((node) => {
		if (typeof node === 'string') return []
		const [type, props, ...children] = node
		const own = type === 'x-widget' && props ? [String(props['data-widget'])] : type === 'x-checklist-item' ? ['checklist-item'] : []
		return [...own, ...nestedWidgets(children)]
	})
}

/**
 * Marks the island hydrated once its root has committed: its `.js-only` controls show (app.css),
 * and the next island may start.
 */
function Hydrated({ element, onCommit, children }: { element: HTMLElement; onCommit: () => void; children: ReactNode }) {
	useEffect(() => {
		element.dataset.hydrated = ''
		onCommit()
	}, [element, onCommit])
	return children
}

/** A new task: what the browser had waiting (input, paint) runs before the next island. */
const nextTask = () =>
	new Promise<void>((resolve) => {
		// Not a timer: a page whose clock is faked (Playwright's `page.clock`) still hydrates.
		const channel = new MessageChannel()
		channel.port1.onmessage = () => resolve()
		channel.port2.postMessage(0)
	})

const NEAR_VIEWPORT = '50% 0px'

const whenIdle = (callback: () => void): (() => void) => {
	if (typeof requestIdleCallback === 'function') {
		const id = requestIdleCallback(callback, { timeout: 2000 })
		return () => cancelIdleCallback(id)
	}
	const id = setTimeout(callback, 200)
	return () => clearTimeout(id)
}

/**
 * Hydrates the islands (`<x-island>`) of a guide page body, each as a React root of its own:
 * first one holding the URL's #target, then those near the viewport as they come into view, and
 * the rest one at a time while the browser is idle. One island at a time, each in a task of its
 * own after the previous one committed, so two islands never add up to one long task; each
 * hydrates in a transition, so React yields to input every few milliseconds. `wrap` gives each
 * root the page's shared context (the router). Returns the cleanup: stops and unmounts every root.
 */
export function hydrateIslands(container: HTMLElement, manifest: readonly IslandEntry[], wrap: (node: ReactNode) => ReactNode) {
	const elements = [...container.querySelectorAll<HTMLElement>('x-island[data-island]')]
	const roots: Root[] = []
	const started = new Set<Element>()
	// Islands waiting their turn: those in view (or the #target) before those asked for when idle.
	const soon: HTMLElement[] = []
	const later: HTMLElement[] = []
	let running = false
	let stopped = false
	let cancelIdle: (() => void) | undefined

	/** Loads the island's widgets and hydrates it; resolves once its root has committed (or failed). */
	const hydrate = async (element: HTMLElement) => {
		const index = Number(element.dataset.island)
		const entry = manifest[index]
		if (!entry || !isIslandWidget(entry.widget)) return
		const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>
		const nested = nestedWidgets(entry.children).filter((name) => name in widgetLoaders)
		const [component] = await Promise.all([
			widgetLoaders[entry.widget](),
			...nested.map((name) => widgetLoaders[name as keyof typeof widgetLoaders]()),
		])
		if (stopped) return
		await new Promise<void>((resolve) => {
			startTransition(() => {
				roots.push(
					hydrateRoot(
						element,
						wrap(
							<Hydrated element={element} onCommit={resolve}>
								<IslandContent component={component} props={props} nodes={entry.children} />
							</Hydrated>,
						),
						{
							identifierPrefix: islandIdPrefix(index),
							onUncaughtError(error) {
								reportError(error)
								resolve()
							},
						},
					),
				)
			})
		})
	}

	const run = async () => {
		if (running) return
		running = true
		for (let next = soon.shift() ?? later.shift(); next && !stopped; next = soon.shift() ?? later.shift()) {
			// A widget whose code failed to load stays server HTML; the next island still hydrates.
			await hydrate(next).catch(reportError)
			await nextTask()
		}
		running = false
	}

	const start = (element: HTMLElement, queue: HTMLElement[]) => {
		if (started.has(element)) return
		started.add(element)
		for (const box of boxesOf(element)) observer.unobserve(box)
		queue.push(element)
		void run()
	}

	const idleNext = () => {
		const next = elements.find((element) => !started.has(element))
		if (!next || stopped) return
		start(next, later)
		cancelIdle = whenIdle(idleNext)
	}

	// An island is `display: contents` (app.css): it has no box, so it never intersects anything.
	// Its children's boxes are watched instead.
	const boxesOf = (element: HTMLElement) => (element.children.length > 0 ? [...element.children] : [element])
	const observer = new IntersectionObserver(
		(entries) => {
			for (const entry of entries) {
				const island = entry.target.closest<HTMLElement>('x-island[data-island]')
				if (entry.isIntersecting && island) start(island, soon)
			}
			// The first report covers every island: those in view have started, the rest wait.
			cancelIdle ??= whenIdle(idleNext)
		},
		{ rootMargin: NEAR_VIEWPORT },
	)
	const hash = decodeURIComponent(window.location.hash.slice(1))
	const target = hash ? document.getElementById(hash)?.closest<HTMLElement>('x-island[data-island]') : null
	if (target && container.contains(target)) start(target, soon)
	for (const element of elements) for (const box of boxesOf(element)) observer.observe(box)

	return () => {
		stopped = true
		observer.disconnect()
		cancelIdle?.()
		// Not while React is committing the page that replaced them.
		setTimeout(() => {
			for (const root of roots) root.unmount()
		})
	}
}
