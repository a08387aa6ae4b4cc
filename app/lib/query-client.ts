import { QueryClient } from '@tanstack/react-query'

/**
 * TanStack Query, the one way the browser fetches our JSON APIs. Each API's module declares one
 * `queryOptions` per endpoint beside its path helper (e.g. `#app/tracker/api.ts`); components call
 * `useQuery(options, queryClient())` and client loaders `queryClient().fetchQuery(options)`.
 * Passing the client keeps TanStack Query out of pages that never ask an API (no provider in the
 * shell), while every caller on a page shares one cache.
 */
let browserClient: QueryClient | undefined

function createQueryClient(): QueryClient {
	return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })
}

/** One client per page in the browser; a new one per render on the server (which never fetches). */
export function queryClient(): QueryClient {
	if (typeof document === 'undefined') return createQueryClient()
	browserClient ??= createQueryClient()
	return browserClient
}
