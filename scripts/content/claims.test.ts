import { expect, test } from 'vitest'
import type { GameUpdateEntry } from '#app/lib/game-facts/schema.ts'
import { unsourcedClaims } from './claims.ts'

const MID = 'https://runescape.wiki/w/Update:Patch_Notes:_Mid-Game_Rebalance'
const updates = [
	{ date: '2026-07-20', title: 'The Mid-Game Rebalance', summary: 'x', touches: { skills: [], gear: [], unlocks: [], activities: [], quests: [], areas: [] }, sources: [MID] },
] as GameUpdateEntry[]

const page = (body: string, sources: string[] = ['https://runescape.wiki/w/Succession']) =>
	`---\ntitle: T\norder: 1\nsources:\n${sources.map((s) => `  - ${s}\n`).join('')}lastVerified: 2026-11-21\n---\n\n${body}\n`
const check = (body: string, sources?: string[]) => unsourcedClaims('content/x.md', page(body, sources), updates).map((p) => `${p.line}: ${p.message}`)

test('a 2026 change without a source near it is listed, with what would fix it', () => {
	expect(check('Since the July 2026 Mid-Game Rebalance, Dive unlocks at 30 Agility.')).toEqual([
		'9: a 2026 change ("Since the July 2026 Mid-Game Rebalance, Dive unlocks at 30 Agility.…") without its source: add one of "The Mid-Game Rebalance"\'s sources (data/game-updates.yaml) to sources:, link one, or say it is unconfirmed',
	])
	expect(check('| Tier | Note |\n| --- | --- |\n| 70 | Auras were removed in April 2026. |')).toEqual([
		'11: a 2026 change ("Auras were removed in April 2026.…") that What Changed does not know and no source backs: add the update to data/game-updates.yaml and its source to sources:, or say it is unconfirmed',
	])
})

test('a claim passes with the update\'s source on the page, a link of its own, or a word that it is unconfirmed', () => {
	expect(check('Since the July 2026 Mid-Game Rebalance, Dive unlocks at 30 Agility.', [MID])).toEqual([])
	// The month alone names the update.
	expect(check('Dive moved to Agility in July 2026.', [MID])).toEqual([])
	expect(check('Auras were removed in April 2026 ([patch notes](https://runescape.wiki/w/Update:Patch_Notes:_Aura_Overhaul)).')).toEqual([])
	expect(check('Unconfirmed: a guide says auras were removed in April 2026.')).toEqual([])
	// Not a change, or not 2026: nothing to source.
	expect(check('Leagues II ran in August 2026.')).toEqual([])
	expect(check('Quest requirements were removed in 2024.')).toEqual([])
})
