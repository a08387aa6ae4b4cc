import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import type { PlayerPageView } from '#app/tracker/page-data.ts'
import { fixtureView } from './fixture-view.ts'
import { PlayerPage } from './player-page.tsx'

function render(view: PlayerPageView, url = '/players/Zezima_Jr'): string {
	const router = createMemoryRouter(
		[{ path: '/players/:name', element: <PlayerPage view={view} /> }],
		{
			initialEntries: [url],
		},
	)
	return renderToStaticMarkup(<RouterProvider router={router} />)
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

test('a tracked player: levels with virtual levels, gains sorted by XP, history table, quests, log', () => {
	const html = render(fixtureView())
	expect(html).toContain('<h1')
	expect(text(html)).toContain('Zezima Jr')
	// Attack at 120M XP: level 120 (its cap), virtual 121 (115,126,838 XP).
	expect(text(html)).toContain('Attack 120 (virtual 121) 120,000,000')
	// Fishing at 25,000 XP: no virtual level shown.
	expect(text(html)).toMatch(/Fishing 3\d 25,000/)
	const gains = html.slice(html.indexOf('data-gains-table'))
	const order = ['attack', 'magic', 'fishing'].map((skill) => gains.indexOf(`data-gain="${skill}"`))
	expect(order.every((index) => index > 0)).toBe(true)
	expect(order).toEqual(order.toSorted((a, b) => a - b))
	// Strength gained nothing: not in the gains table.
	expect(gains.slice(0, gains.indexOf('</table>'))).not.toContain('data-gain="strength"')
	expect(html).toContain('data-history-table')
	expect(html).toContain('data-point="monthly"')
	expect(text(html)).toContain('monthly estimate')
	expect(text(html)).toContain('before tracking')
	expect(text(html)).toContain('26 Nov 2026')
	// Whitespace in log details is tidied.
	expect(text(html)).toContain('I levelled my Magic skill')
	// Period links: plain links, the current one marked.
	expect(html).toMatch(
		/<a[^>]*aria-current="page"[^>]*href="\/players\/Zezima_Jr"|<a[^>]*href="\/players\/Zezima_Jr"[^>]*aria-current="page"/,
	)
	expect(html).toContain('href="/players/Zezima_Jr?period=month"')
	// The chart's box has a fixed height on the server already (CLS 0) and no canvas yet.
	expect(html).toMatch(/class="relative h-64[^"]*"[^>]*data-chart-box/)
	expect(html).not.toContain('<canvas')
})

test('the Update button: disabled in the cooldown with the time it comes back; a POST form', () => {
	const waiting = render(fixtureView())
	expect(waiting).toMatch(/<form[^>]*method="post"/)
	expect(waiting).toMatch(/<button[^>]*disabled=""[^>]*>Update<\/button>/)
	expect(text(waiting)).toContain('you can update again at 12:00:59 UTC')
	const ready = render(fixtureView({ now: '2026-11-26T12:01:00.000Z' }))
	expect(ready).not.toMatch(/<button[^>]*disabled=""/)
	expect(text(ready)).toContain('Fetches the latest levels')
})

test('first visit, private profile, backfill under way and notices', () => {
	const base = fixtureView()
	const html = render(
		fixtureView({
			firstVisit: true,
			notice: 'cooldown',
			summary: { ...base.summary, profile: 'private', backfill: { state: 'pending', months: [] } },
		}),
	)
	expect(text(html)).toContain('We started tracking Zezima Jr now.')
	expect(html).toContain('data-private')
	expect(html).toContain('data-backfill="pending"')
	expect(html).toContain('href="/players/Zezima_Jr"')
	expect(html).toContain('data-notice="cooldown"')
	expect(render(base)).not.toContain('data-first-visit')
})

test('a possible name change is flagged with its date; none, no flag', () => {
	const base = fixtureView()
	const html = render(fixtureView({ summary: { ...base.summary, possibleNameChangeAt: '2026-11-20T09:30:00.000Z' } }))
	expect(html).toContain('data-name-change')
	expect(text(html)).toMatch(/On .*20.* this name’s XP changed in a way no account could manage .* probably moved to another account/)
	expect(render(base)).not.toContain('data-name-change')
})

test('a range: the form keeps the dates, gains say which days; no gains in the period', () => {
	const base = fixtureView()
	const start = base.summary.latest
	const html = render(
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
	expect(html).toContain('value="2026-11-01"')
	expect(html).toContain('value="2026-11-20"')
	expect(html).toContain('data-gains-none')
	expect(text(html)).toContain('Only one update in this period so far')
	// No period link is the current one.
	expect(html).not.toContain('aria-current="page"')
})

test('milestones: the account’s first, then the nearest in the skills, the rest in a disclosure; how the ETAs are measured', () => {
	const html = render(fixtureView())
	const section = html.slice(html.indexOf('data-milestones=""'), html.indexOf('data-gains-table'))
	expect(text(section)).toContain('ETAs are at your pace in October 2026 (from RuneMetrics&#x27; monthly XP)')
	const account = [...section.matchAll(/data-milestone="([\w-]+)"/g)].map((match) => match[1])
	expect(account).toEqual(['total-level', 'max', 'quest-cape'])
	expect(text(section)).toContain('3 of 283 quests left')
	// Magic (14,000,000 XP: 99, the only skill with a pace) leads with its next level, 100.
	const rows = [...section.matchAll(/data-skill-milestone="([\w:-]+)"/g)].map((match) => match[1])
	expect(rows[0]).toBe('magic:next-level')
	expect(text(section)).toMatch(/Magic 100 391,160 XP to go · about \d+–\d+ months/)
	// Attack at 120M XP, past its cap of 120: virtual 122 next (121 starts at 115,126,838).
	expect(section).toContain('data-skill-milestone="attack:next-level"')
	expect(text(section)).toContain('Attack 122 (virtual)')
	expect(text(section)).toContain('no recent XP in Attack')
	// A plain <details> holds every skill milestone: no script needed.
	expect(section).toMatch(/<details[^>]*data-all-milestones/)
	expect(rows.length).toBe(8 + fixtureView().milestones!.skills.length)
})

test('without a pace the milestones list what is ahead with no ETA, and say why', () => {
	const base = fixtureView()
	const html = render(fixtureView({ milestones: { ...base.milestones!, pace: null, message: 'ETAs appear once there is a week of history.', skills: base.milestones!.skills.map((m) => ({ ...m, eta: null })) } }))
	const section = html.slice(html.indexOf('data-milestones=""'))
	expect(section).toContain('data-milestones-note="no-pace"')
	expect(section).not.toContain('data-milestone-eta')
})

test('records: all skills in view with their dates, each skill under a disclosure, backfill months marked', () => {
	const html = render(fixtureView())
	const overall = text(html.slice(html.indexOf('data-records="overall"'), html.indexOf('data-records="skills"')))
	expect(overall).toContain('Day 965,569 26 Nov 2026')
	expect(overall).toContain('Week 965,569 23–29 Nov 2026')
	expect(overall).toContain('Month 1,200,000 October 2026 RuneMetrics monthly')
	const skills = html.slice(html.indexOf('data-records="skills"'))
	expect(skills).toMatch(/^data-records="skills"[^>]*>\s*<summary/)
	expect(text(skills)).toContain('Records per skill (1)')
	// A week across two months keeps both; only Magic has records.
	expect(text(skills)).toContain('Magic Day 965,569 26 Nov 2026 Week 965,569 30 Nov – 6 Dec 2026')
	expect(skills).toContain('scope="rowgroup"')
	expect(skills).not.toContain('data-record="attack-day"')
	expect(html).not.toContain('data-records-none')
	expect(html).toContain('href="/players"')
})

test('records: none yet says when they start', () => {
	const none = { day: null, week: null, month: null }
	const view = fixtureView()
	const html = render({ ...view, records: { name: view.summary.name, overall: none, skills: view.records.skills.map((s) => ({ ...s, ...none })) } })
	expect(html).toContain('data-records-none')
	expect(html).not.toContain('data-records="overall"')
})
