import { type ReactNode, useContext, useEffect, useRef, useState } from 'react'
import {
	PrefetchPageLinks,
	UNSAFE_DataRouterContext as DataRouterContext,
	UNSAFE_DataRouterStateContext as DataRouterStateContext,
	UNSAFE_FetchersContext as FetchersContext,
	UNSAFE_FrameworkContext as FrameworkContext,
	UNSAFE_LocationContext as LocationContext,
	UNSAFE_NavigationContext as NavigationContext,
	UNSAFE_RouteContext as RouteContext,
	useNavigate,
} from 'react-router'
import { hydrateIslands } from '#app/widgets/hydrate-islands.tsx'
import type { GuideBodyData } from '#app/widgets/island.tsx'

/**
 * The router's contexts, read here and given to every island root: a widget's `<Link>` navigates
 * and prefetches through the page's router although the island is a React root of its own.
 */
function useRouterBridge(): (node: ReactNode) => ReactNode {
	const framework = useContext(FrameworkContext)
	const dataRouter = useContext(DataRouterContext)
	const dataRouterState = useContext(DataRouterStateContext)
	const fetchers = useContext(FetchersContext)
	const navigation = useContext(NavigationContext)
	const location = useContext(LocationContext)
	const route = useContext(RouteContext)
	return (node) => (
		<FrameworkContext value={framework}>
			<DataRouterContext value={dataRouter}>
				<DataRouterStateContext value={dataRouterState}>
					<FetchersContext value={fetchers}>
						<NavigationContext value={navigation}>
							<LocationContext value={location}>
								<RouteContext value={route}>{node}</RouteContext>
							</LocationContext>
						</NavigationContext>
					</FetchersContext>
				</DataRouterStateContext>
			</DataRouterContext>
		</FrameworkContext>
	)
}

/** A link the server rendered as a router `<Link>` (app/components/markdown.tsx's AppLink). */
function routerLink(event: Event): HTMLAnchorElement | null {
	return event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-discover]') : null
}

/** Where React may not have hydrated the links yet (app/widgets/quest-requirements/until-player.tsx). */
const UNHYDRATED_LINKS = '[data-until-player]'

const fromDocument = new WeakMap<GuideBodyData, string>()

/**
 * The body's HTML. A client navigation's route data carries it; a document's does not (it is
 * already the article's HTML: app/server/body-handoff.server.ts), so when hydrating the document
 * it is read from the article, once per body, so that React finds the same string on every render.
 */
function bodyHtml(body: GuideBodyData): string {
	if (body.html !== '' || typeof document === 'undefined') return body.html
	let html = fromDocument.get(body)
	if (html === undefined) {
		html = document.querySelector('article[data-guide-body]')?.innerHTML ?? ''
		fromDocument.set(body, html)
	}
	return html
}

/**
 * A guide page body (docs/decisions/0018-guide-islands.md): the server's HTML, which React sets
 * once and never walks or hydrates, and the widgets in it hydrated as islands. Links in the prose
 * navigate client-side and prefetch on intent, as `<Link prefetch="intent">` does.
 */
export function GuideBody({ body, className }: { body: GuideBodyData; className: string }) {
	const ref = useRef<HTMLElement>(null)
	const navigate = useNavigate()
	const [intent, setIntent] = useState<string | undefined>(undefined)
	const bridge = useRouterBridge()
	const latestBridge = useRef(bridge)
	useEffect(() => {
		latestBridge.current = bridge
	})
	useEffect(() => {
		if (!ref.current) return
		return hydrateIslands(ref.current, body.islands, (node) => latestBridge.current(node))
	}, [body])

	// Native listeners, not React's. React holds back events from inside a part of an island it has
	// not hydrated (a requirement panel's quest list without a player: until-player.tsx) and stops
	// them at the document, so those links are routed first, while the click is captured by the
	// window. Every other link is routed as the click bubbles up to the article, after an island's
	// own `<Link>` (whose root sits below the article) has handled it and prevented the default.
	const latestNavigate = useRef(navigate)
	useEffect(() => {
		latestNavigate.current = navigate
	})
	useEffect(() => {
		const article = ref.current
		if (!article) return
		const route = (event: MouseEvent) => {
			const link = routerLink(event)
			if (!link || !article.contains(link) || event.defaultPrevented || event.button !== 0 || link.target) return
			if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
			if (event.currentTarget === window && !link.closest(UNHYDRATED_LINKS)) return
			event.preventDefault()
			void latestNavigate.current(link.getAttribute('href') ?? '/')
		}
		const onIntent = (event: Event) => {
			const link = routerLink(event)
			if (link && article.contains(link)) setIntent(link.getAttribute('href')?.split('#')[0])
		}
		const intents = ['mouseover', 'focusin', 'touchstart'] as const
		article.addEventListener('click', route)
		window.addEventListener('click', route, { capture: true })
		for (const type of intents) window.addEventListener(type, onIntent, { capture: true, passive: true })
		return () => {
			article.removeEventListener('click', route)
			window.removeEventListener('click', route, { capture: true })
			for (const type of intents) window.removeEventListener(type, onIntent, { capture: true })
		}
	}, [])

	return (
		<>
			<article ref={ref} className={className} data-guide-body="" dangerouslySetInnerHTML={{ __html: bodyHtml(body) }} />
			{intent ? <PrefetchPageLinks page={intent} /> : null}
		</>
	)
}
