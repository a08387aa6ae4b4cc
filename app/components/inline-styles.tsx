import { createContext, useContext } from 'react'

const StylesContext = createContext('')

/** Given the stylesheet's text by entry.server.tsx; nothing in the browser. */
export const StylesProvider = StylesContext.Provider

/**
 * The whole stylesheet (about 9 KB brotli) inside the document, so the first paint waits for no
 * other request (docs/decisions/0010-first-paint.md). The browser bundle does not carry the text:
 * it renders an empty `<style>`, and hydration keeps the server's content (React does not patch
 * `dangerouslySetInnerHTML` of hydrated elements, and the empty value never changes after).
 */
export function InlineStyles() {
	const css = useContext(StylesContext)
	return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />
}
