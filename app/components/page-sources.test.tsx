import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import { PageSources } from './page-sources.tsx'

test('lists each source as a link under a Sources heading, and renders nothing without sources', () => {
	const page = serverHtml(<PageSources sources={['https://runescape.wiki/w/Double_Surge']} />)
	expect(page.getByRole('heading', { name: 'Sources' })).toBeTruthy()
	expect(page.getByRole('link').getAttribute('href')).toBe('https://runescape.wiki/w/Double_Surge')
	expect(serverHtml(<PageSources sources={[]} />).container.innerHTML).toBe('')
})
