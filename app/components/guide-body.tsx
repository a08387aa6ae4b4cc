import { type MouseEvent, type ReactNode, type SyntheticEvent, useContext, useEffect, useRef, useState } from 'react'
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
function routerLink(event: SyntheticEvent): HTMLAnchorElement | null {
	return (event.target as Element).closest<HTMLAnchorElement>('a[data-discover]')
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

	const onClick = (event: MouseEvent) => {
		const link = routerLink(event)
		if (!link || event.defaultPrevented || event.button !== 0 || link.target) return
		if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
		event.preventDefault()
		void navigate(link.getAttribute('href') ?? '/')
	}
	const onIntent = (event: SyntheticEvent) => {
		const href = routerLink(event)?.getAttribute('href')
		if (href) setIntent(href.split('#')[0])
	}

	return (
		<>
			<article
				ref={ref}
				className={className}
				dangerouslySetInnerHTML={{ __html: body.html }}
				onClick={onClick}
				onMouseOver={onIntent}
				onFocus={onIntent}
				onTouchStart={onIntent}
			/>
			{intent ? <PrefetchPageLinks page={intent} /> : null}
		</>
	)
}
