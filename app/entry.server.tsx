import { randomBytes } from 'node:crypto'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'
import { StylesProvider } from './components/inline-styles.tsx'
import { NonceProvider } from './components/nonce.tsx'
import { isDatabaseFailure } from './server/api.server.ts'
import { CACHE_CONTROL } from './server/cache-control.server.ts'
import { hydrateAfterPaint } from './server/hydrate-after-paint.server.ts'
import { log } from './server/log.server.ts'
import { documentCspContext } from './server/load-context.server.ts'
import { appCss } from './styles/app-css.server.ts'
import { omitBodyHtmlFromHandoff } from './server/body-handoff.server.ts'

export const streamTimeout = 5_000

/**
 * What React Router logs. A 4xx it raises itself (a POST where a route has no action, an OPTIONS,
 * an unknown path) is the client's mistake: anyone could fill the log with those stack traces, so
 * they are not logged. A request the client abandoned is not logged either. Every other error is
 * logged once, with its stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
	if (request.signal.aborted) return
	if (isRouteErrorResponse(error) && error.status < 500) return
	log.unexpected(`page ${new URL(request.url).pathname}`, error)
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	// A database that is not answering is a 503 (as in the API), not a 500.
	const errors = Object.values(routerContext.staticHandlerContext.errors ?? {})
	if (responseStatusCode === 500 && errors.some(isDatabaseFailure)) responseStatusCode = 503
	const nonce = randomBytes(16).toString('base64')
	const policy = loadContext.get(documentCspContext)?.(nonce)
	// Crawlers, prerendering (which sends no user agent) and SPA mode get the whole document at
	// once, with no streamed-in parts; browsers get a stream.
	const userAgent = request.headers.get('user-agent')
	const waitForAll = !userAgent || isbot(userAgent) || routerContext.isSpaMode
	omitBodyHtmlFromHandoff(routerContext)
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<StylesProvider value={appCss}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</StylesProvider>
			</NonceProvider>,
			{
				nonce,
				// Large finished boundaries would otherwise still be streamed in after the shell
				// (hidden, then moved by a script): a prerendered page must be plain, complete HTML.
				progressiveChunkSize: waitForAll ? Number.POSITIVE_INFINITY : undefined,
				[waitForAll ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					const body = hydrateAfterPaint()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					if (policy) responseHeaders.set('Content-Security-Policy', policy)
					if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', CACHE_CONTROL.revalidate)
					// React Router's answer to a POST where the page has no form (the server refuses
					// other methods before it): a 405 must say what the page allows.
					if (responseStatusCode === 405) responseHeaders.set('Allow', 'GET, HEAD')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors after the shell are logged here; before it, React Router reports them.
					if (shellRendered) log.unexpected(`page ${new URL(request.url).pathname}`, error)
				},
			},
		)
		setTimeout(abort, streamTimeout + 1000)
	})
}
