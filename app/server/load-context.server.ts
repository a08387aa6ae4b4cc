import { createContext } from 'react-router'

// What the HTTP layer (server/app.ts) works out once per request and hands to React Router in its
// load context; loaders and actions read it with `context.get(…)`. Prerendering runs without that
// layer, so each value has a default.

/** What limits count the client by: its address (behind TRUST_PROXY, from X-Forwarded-For), an IPv6 one by its /64. */
export const clientKeyContext = createContext<string>('unknown')

/**
 * Builds the Content-Security-Policy of a server-rendered document from its script nonce. Null
 * when prerendering: a prerendered page's policy (by script hashes) comes with the static file.
 */
export const documentCspContext = createContext<((nonce: string) => string) | null>(null)
