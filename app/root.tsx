import { useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { BottomTabs, bottomTabs } from './components/bottom-tabs.tsx'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { InlineStyles } from './components/inline-styles.tsx'
import { useNonce } from './components/nonce.tsx'
import { SiteHeader } from './components/site-header.tsx'
import { themeScript } from './components/theme-toggle.tsx'
import { ToastRoot } from './components/toaster.tsx'
import { startAnalytics } from './lib/analytics.ts'
import { SearchLauncher } from './search/search-launcher.tsx'
import { getSiteData } from './server/site.server.ts'

/**
 * Without JavaScript: controls that need it disappear, notes saying so appear, and every tab panel
 * shows under its own label (app.css has the with-JavaScript side).
 */
const NO_SCRIPT_STYLE = [
	'.js-only{display:none!important}',
	'.no-js-only{display:block!important}',
	'[data-tabs] [role=tablist]{display:none}',
	// In Tailwind's base layer, where its own `[hidden]{display:none!important}` lives.
	'@layer base{[data-tabs] [role=tabpanel][hidden]{display:block!important}}',
].join('')

export function loader() {
	return getSiteData()
}

export const links: Route.LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
]

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const data = useRouteLoaderData<typeof loader>('root')
	const { pathname } = useLocation()
	return (
		<html lang="en" data-theme="dark" suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#0e1116" />
				<script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
				<noscript dangerouslySetInnerHTML={{ __html: `<style>${NO_SCRIPT_STYLE}</style>` }} />
				<Meta />
				<InlineStyles />
				<Links />
			</head>
			<body className="pb-16 md:pb-0">
				<a
					href="#main"
					className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
				>
					Skip to content
				</a>
				<SiteHeader items={data?.topNav ?? []} leaguesHref={data?.leaguesHref} />
				{children}
				<BottomTabs tabs={bottomTabs(data?.tabHrefs ?? {})} pathname={pathname} />
				<ToastRoot />
				<SearchLauncher />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	const posthog = loaderData.posthog
	useEffect(() => {
		if (posthog) startAnalytics(posthog)
	}, [posthog])
	useEffect(() => {
		// Lets browser tests (and CSS) know the page is interactive.
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	return <Outlet />
}

export const ErrorBoundary = GeneralErrorBoundary
