import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import UnderConstruction from './under-construction.tsx'
import { underConstructionSchema } from './under-construction.schema.ts'

test('takes no props and links the RuneScape community Discord in a new tab', () => {
	expect(underConstructionSchema.safeParse({ x: 1 }).success).toBe(false)
	const page = serverHtml(<UnderConstruction />)
	expect(page.getByText('Page Under Construction')).toBeTruthy()
	const discord = page.getByRole('link', { name: /RuneScape community Discord/ })
	expect(discord.getAttribute('href')).toBe('https://discord.gg/runescape')
	expect(discord.getAttribute('target')).toBe('_blank')
	expect(discord.getAttribute('rel')).toBe('noopener noreferrer')
})
