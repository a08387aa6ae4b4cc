import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { PageSources } from './page-sources.tsx'

test('lists each source as a link under a Sources heading, and renders nothing without sources', () => {
	const html = renderToString(<PageSources sources={['https://runescape.wiki/w/Double_Surge']} />)
	expect(html).toContain('Sources')
	expect(html).toContain('href="https://runescape.wiki/w/Double_Surge"')
	expect(renderToString(<PageSources sources={[]} />)).toBe('')
})
