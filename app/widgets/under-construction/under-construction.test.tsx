import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import UnderConstruction from './under-construction.tsx'
import { underConstructionSchema } from './under-construction.schema.ts'

test('takes no props and links the RuneScape community Discord in a new tab', () => {
	expect(underConstructionSchema.safeParse({ x: 1 }).success).toBe(false)
	const html = renderToString(<UnderConstruction />)
	expect(html).toContain('Page Under Construction')
	expect(html).toMatch(/<a href="https:\/\/discord.gg\/runescape" target="_blank" rel="noopener noreferrer"/)
	expect(html).toContain('RuneScape community Discord')
})
