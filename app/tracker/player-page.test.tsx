import { within } from '@testing-library/dom'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import type { PlayerPageView } from '#app/tracker/page-data.ts'
import { fixtureView } from './fixture-view.ts'
import { PlayerPage } from './player-page.tsx'

/** The player page's server HTML (the page is rendered per request), in the test document. */
function renderPage(view: PlayerPageView, url = '/players/Zezima_Jr') {
	const router = createMemoryRouter([{ path: '/players/:name', element: <PlayerPage view={view} plan={null} /> }], {
		initialEntries: [url],
	})
	return serverHtml(<RouterProvider router={router} />).container
}

const SHOW_TEXT = 4

/** What a reader sees of an element: its pieces of text, one space apart. */
function text(element: Element | null | undefined): string {
	if (!element) return ''
	// Text React wrote side by side (`121<!-- -->)`) reads as one piece, as in the browser.
	const walker = element.ownerDocument.createTreeWalker(element, SHOW_TEXT)
	let joined = ''
	let previous: Node | null = null
	while (walker.nextNode()) {
		const node = walker.currentNode
		let between = node.previousSibling
		while (between && between.nodeType === 8) between = between.previousSibling
		joined += (previous && between === previous ? '' : ' ') + (node.textContent ?? '')
		previous = node
	}
	return joined.replace(/\s+/g, ' ').trim()
}
const rowText = (row: Element) => text(row)
const hrefs = (page: HTMLElement) =>
	within(page)
		.getAllByRole('link')
		.map((link) => link.getAttribute('href'))

test('a tracked player: levels with virtual levels, gains sorted by XP, history table, quests, log', () => {
	const page = renderPage(fixtureView())
	expect(within(page).getByRole('heading', { level: 1 }).textContent).toContain('Zezima Jr')
	const levels = within(page).getByRole('table', { name: 'Current levels, experience and ranks' })
	// Attack at 120M XP: level 120 (its cap), virtual 121 (115,126,838 XP).
	expect(rowText(within(levels).getByRole('rowheader', { name: 'Attack' }).closest('tr')!)).toMatch(
		/^Attack 120 \(virtual 121\) 120,000,000/,
	)
	// Fishing at 25,000 XP: no virtual level shown.
	expect(rowText(within(levels).getByRole('rowheader', { name: 'Fishing' }).closest('tr')!)).toMatch(/^Fishing 3\d 25,000/)
	const gains = page.querySelector('[data-gains-table]')!
	const gained = [...gains.querySelectorAll('[data-gain]')].map((row) => row.getAttribute('data-gain'))
	// Sorted by XP; Strength gained nothing and is not in the table.
	expect(gained.filter((skill) => ['attack', 'magic', 'fishing', 'strength'].includes(skill!))).toEqual(['attack', 'magic', 'fishing'])
	expect(page.querySelector('[data-history-table] [data-point="monthly"]')).not.toBeNull()
	const body = text(page)
	for (const words of ['monthly estimate', 'before tracking', '26 Nov 2026', 'I levelled my Magic skill']) expect(body).toContain(words)
	// Period links: plain links, the current one marked.
	expect(within(page).getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/players/Zezima_Jr')
	expect(hrefs(page)).toContain('/players/Zezima_Jr?period=month')
	// The chart's box is there on the server already (its fixed height keeps CLS at 0), no canvas yet.
	expect(page.querySelector('[data-chart-box]')).not.toBeNull()
	expect(page.querySelector('canvas')).toBeNull()
})

test('the Update button: disabled in the cooldown with the time it comes back; a POST form', () => {
	const page = renderPage(fixtureView())
	const update = within(page).getByRole('button', { name: 'Update' }) as HTMLButtonElement
	expect(update.disabled).toBe(true)
	expect(update.closest('form')?.getAttribute('method')).toBe('post')
	expect(within(page).getByText(/you can update again at 12:00:59 UTC/)).toBeTruthy()
})

test('the Update button is enabled once the cooldown is over', () => {
	const page = renderPage(fixtureView({ now: '2026-11-26T12:01:00.000Z' }))
	expect((within(page).getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(false)
	expect(within(page).getByText(/Fetches the latest levels/)).toBeTruthy()
})

test('first visit, private profile, backfill under way and notices', () => {
	const base = fixtureView()
	const page = renderPage(
		fixtureView({
			firstVisit: true,
			notice: 'cooldown',
			summary: { ...base.summary, profile: 'private', backfill: { state: 'pending', months: [] } },
		}),
	)
	expect(text(page)).toContain('We started tracking Zezima Jr now.')
	expect(page.querySelector('[data-private]')).not.toBeNull()
	expect(page.querySelector('[data-backfill]')?.getAttribute('data-backfill')).toBe('pending')
	expect(page.querySelector('[data-notice]')?.getAttribute('data-notice')).toBe('cooldown')
	expect(hrefs(page)).toContain('/players/Zezima_Jr')
})

test('a returning visit has no first-visit notice', () => {
	expect(renderPage(fixtureView()).querySelector('[data-first-visit]')).toBeNull()
})

test('a possible name change is flagged with its date; none, no flag', () => {
	const base = fixtureView()
	const flagged = renderPage(fixtureView({ summary: { ...base.summary, possibleNameChangeAt: '2026-11-20T09:30:00.000Z' } }))
	const notice = within(flagged).getByText(/this name’s XP changed in a way no account could manage/)
	expect(text(notice)).toMatch(/^On .*20.* this name’s XP changed .* probably moved to another account/)
	expect(within(notice).getByRole('link', { name: 'tell us the new one' }).getAttribute('href')).toBe('/names')
	expect(within(renderPage(base)).queryByText(/this name’s XP changed/)).toBeNull()
})

test('a range: the form keeps the dates, gains say which days; no gains in the period', () => {
	const base = fixtureView()
	const start = base.summary.latest
	const page = renderPage(
		fixtureView({
			gainsQuery: { from: '2026-11-01', to: '2026-11-20' },
			gains: {
				...base.gains,
				period: 'range',
				start: start.takenAt,
				end: start.takenAt,
				skills: base.gains.skills.map((s) => ({ ...s, xpGained: 0, levelsGained: 0 })),
				total: { xpGained: 0, levelsGained: 0 },
			},
		}),
	)
	const dates = [...page.querySelectorAll<HTMLInputElement>('input[type=date]')].map((input) => input.value)
	expect(dates).toEqual(['2026-11-01', '2026-11-20'])
	expect(page.querySelector('[data-gains-none]')).not.toBeNull()
	expect(text(page)).toContain('Only one update in this period so far')
	// No period link is the current one.
	expect(within(page).queryByRole('link', { current: 'page' })).toBeNull()
})

test('milestones: the account’s first, then the nearest in the skills, the rest in a disclosure; how the ETAs are measured', () => {
	const page = renderPage(fixtureView())
	const section = page.querySelector('[data-milestones]')!
	expect(text(section)).toContain("ETAs are at your pace in October 2026 (from RuneMetrics' monthly XP)")
	const account = [...section.querySelectorAll('[data-milestone]')].map((row) => row.getAttribute('data-milestone'))
	expect(account).toEqual(['total-level', 'max', 'quest-cape'])
	expect(text(section)).toContain('3 of 283 quests left')
	// Magic (14,000,000 XP: 99, the only skill with a pace) leads with its next level, 100.
	const rows = [...section.querySelectorAll('[data-skill-milestone]')]
	expect(rows[0]?.getAttribute('data-skill-milestone')).toBe('magic:next-level')
	expect(text(section)).toMatch(/Magic 100 391,160 XP to go · about \d+–\d+ months/)
	// Attack at 120M XP, past its cap of 120: virtual 122 next (121 starts at 115,126,838).
	expect(rows.map((row) => row.getAttribute('data-skill-milestone'))).toContain('attack:next-level')
	expect(text(section)).toContain('Attack 122 (virtual)')
	expect(text(section)).toContain('no recent XP in Attack')
	// A plain <details> holds every skill milestone: no script needed.
	expect(section.querySelector('details')?.hasAttribute('data-all-milestones')).toBe(true)
	expect(rows.length).toBe(8 + fixtureView().milestones!.skills.length)
})

test('without a pace the milestones list what is ahead with no ETA, and say why', () => {
	const base = fixtureView()
	const page = renderPage(
		fixtureView({
			milestones: {
				...base.milestones!,
				pace: null,
				message: 'ETAs appear once there is a week of history.',
				skills: base.milestones!.skills.map((m) => ({ ...m, eta: null })),
			},
		}),
	)
	const section = page.querySelector('[data-milestones]')!
	expect(section.querySelector('[data-milestones-note]')?.getAttribute('data-milestones-note')).toBe('no-pace')
	expect(section.querySelector('[data-milestone-eta]')).toBeNull()
})

test('records: all skills in view with their dates, each skill under a disclosure, backfill months marked', () => {
	const page = renderPage(fixtureView())
	const overall = text(page.querySelector('[data-records="overall"]'))
	expect(overall).toContain('Day 965,569 26 Nov 2026')
	expect(overall).toContain('Week 965,569 23–29 Nov 2026')
	expect(overall).toContain('Month 1,200,000 October 2026 RuneMetrics monthly')
	const skills = page.querySelector('[data-records="skills"]')!
	expect(skills.tagName).toBe('DETAILS')
	expect(text(skills.querySelector('summary'))).toContain('Records per skill (1)')
	// A week across two months keeps both; only Magic has records.
	expect(text(skills)).toContain('Magic Day 965,569 26 Nov 2026 Week 965,569 30 Nov – 6 Dec 2026')
	expect(
		within(skills as HTMLElement)
			.getAllByRole('rowheader', { hidden: true })
			.map((th) => th.getAttribute('scope')),
	).toContain('rowgroup')
	expect(skills.querySelector('[data-record="attack-day"]')).toBeNull()
	expect(page.querySelector('[data-records-none]')).toBeNull()
	expect(hrefs(page)).toContain('/players')
})

test('records: none yet says when they start', () => {
	const none = { day: null, week: null, month: null }
	const view = fixtureView()
	const page = renderPage({
		...view,
		records: { name: view.summary.name, overall: none, skills: view.records.skills.map((s) => ({ ...s, ...none })) },
	})
	expect(page.querySelector('[data-records-none]')).not.toBeNull()
	expect(page.querySelector('[data-records="overall"]')).toBeNull()
})
