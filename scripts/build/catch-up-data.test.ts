import { expect, test } from 'vitest'
import type { CompiledPage } from '#app/lib/content/page-types.ts'
import { gameUpdatesSchema } from '#app/lib/game-facts/schema.ts'
import { siteChanges } from './catch-up-data.ts'

const page = (path: string, extra: Partial<CompiledPage> = {}): CompiledPage => ({
	path,
	section: path.split('/')[1]!,
	title: `Title of ${path}`,
	label: path,
	description: '',
	status: 'published',
	lastVerified: '2026-11-21',
	sources: [],
	stale: [],
	quests: [],
	headings: [],
	body: [],
	widgets: [],
	...extra,
})

const updates = gameUpdatesSchema.parse([
	{
		date: '2026-07',
		title: 'The Mid-Game Rebalance',
		summary: 'x',
		touches: { skills: ['ranged'], gear: ['yew-bows'] },
		sources: ['https://example.com/a'],
	},
	{ date: '2026-06-01', title: 'Not on the page', summary: 'x', sources: ['https://example.com/b'] },
])

test('updates link to their heading on What Changed; only verified, published, real pages are listed', () => {
	const changes = siteChanges(
		{
			pages: [
				page('/guides/whats-changed', { headings: [{ depth: 3, id: 'the-mid-game-rebalance', text: 'The Mid-Game Rebalance' }] }),
				page('/guides/gear-progression'),
				page('/setup'),
				page('/guides/draft', { status: 'under-construction' }),
				page('/guides/unverified', { lastVerified: null }),
			],
			topics: { '/guides/gear-progression': ['gear:yew-bows'] },
			redirects: ['/setup'],
		},
		updates,
	)
	expect(changes.updates).toEqual([
		{
			date: '2026-07',
			title: 'The Mid-Game Rebalance',
			href: '/guides/whats-changed#the-mid-game-rebalance',
			topics: ['skill:ranged', 'gear:yew-bows'],
		},
		{ date: '2026-06-01', title: 'Not on the page', href: '/guides/whats-changed', topics: [] },
	])
	expect(changes.pages.map((p) => [p.path, p.topics])).toEqual([
		['/guides/whats-changed', []],
		['/guides/gear-progression', ['gear:yew-bows']],
	])
})
