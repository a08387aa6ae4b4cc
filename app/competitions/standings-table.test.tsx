// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { Standing } from './scoring.ts'
import { StandingsTable } from './standings-table.tsx'

const standing = (patch: Partial<Standing>): Standing => ({
	key: 'ann',
	name: 'Ann',
	rank: 1,
	score: 2_500,
	parts: [
		{ metric: 'attack', value: 500, points: 500 },
		{ metric: 'kills:vorago', value: 4, points: 2_000 },
	],
	reachedAt: '2026-12-02T00:00:00Z',
	startSnapshotAt: '2026-12-01T18:00:00Z',
	endSnapshotAt: '2026-12-02T00:00:00Z',
	flagged: [],
	...patch,
})

function show(standings: Standing[]) {
	const Stub = createRoutesStub([
		{
			path: '/',
			Component: () => (
				<StandingsTable
					standings={standings}
					metrics={[
						{ metric: 'attack', weight: 1 },
						{ metric: 'kills:vorago', weight: 500 },
					]}
					lastCheckedAt={{ ann: '2026-12-02T00:00:00Z', pat: null }}
					caption="Standings"
				/>
			),
		},
	])
	render(<Stub initialEntries={['/']} />)
	return screen.getByRole('table', { name: 'Standings' })
}

test('each part with its points when weighted; "no data" said, never 0; gains left out marked; when last updated', () => {
	const table = show([
		standing({
			flagged: [{ from: '2026-12-01T18:00:00Z', to: '2026-12-01T19:00:00Z', reason: 'too-fast', detail: '50000000 XP' }],
		}),
		standing({
			key: 'pat',
			name: 'Pat',
			rank: null,
			score: null,
			parts: [
				{ metric: 'attack', value: null, points: null },
				{ metric: 'kills:vorago', value: null, points: null },
			],
		}),
	])
	const [, ann, pat] = within(table).getAllByRole('row')
	expect(
		within(table)
			.getAllByRole('columnheader')
			.map((cell) => cell.textContent),
	).toEqual(['Rank', 'Player', 'Score', 'attack', 'kills:vorago ×500', 'Last updated'])
	expect(
		within(ann!)
			.getAllByRole('cell')
			.map((cell) => cell.textContent),
	).toEqual([
		'1',
		'2,500',
		'500',
		'42,000 pts', // 4 kills, 2,000 points
		'2 Dec 2026, 00:00 UTC',
	])
	expect(within(ann!).getByRole('rowheader').textContent).toBe(
		'Ann⚑ Left out: too fast (50000000 XP), 1 Dec 2026, 18:00 UTC – 1 Dec 2026, 19:00 UTC',
	)
	expect(
		within(pat!)
			.getAllByRole('cell')
			.map((cell) => cell.textContent),
	).toEqual(['—', 'no data', 'no data', 'no data', 'never'])
})
