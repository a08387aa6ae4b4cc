// The compiled stylesheet as text, for entry.server.tsx to inline into every document.
import css from './app.css?inline'

export const appCss = css
