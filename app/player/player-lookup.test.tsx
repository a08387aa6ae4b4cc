import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import PlayerLookupWidget from './player-lookup.tsx'
import { profileNotice } from './profile-notice.ts'

test('server HTML: labelled box of 15 characters, submit marked disabled while blank, idle hint', () => {
	const html = renderToStaticMarkup(<PlayerLookupWidget />)
	expect(html).toContain('Your RuneScape name')
	expect(html).toMatch(/<input[^>]*maxLength="15"/)
	// Not `disabled`: Enter on a blank box must still reach the form (it clears an old error).
	expect(html).toMatch(/<button type="submit" aria-disabled="true"/)
	expect(html).not.toMatch(/<button[^>]*disabled=""/)
	expect(html).toContain('Check requirements on this site against your own stats.')
	expect(html).toContain('data-status="idle"')
})

test('a private profile says so plainly', () => {
	const skills = [{ id: 0, level: 88, xp: 1 }]
	expect(profileNotice({ error: 'PROFILE_PRIVATE', skillvalues: skills })).toBe(
		'This RuneMetrics profile is private, so quest progress is hidden. To show it, sign in on the RuneScape website and set your RuneMetrics profile to public in your account settings. Skill levels come from the public hiscores.',
	)
	expect(profileNotice({ error: 'NOT_A_MEMBER', skillvalues: [] })).toMatch(
		/^RuneMetrics will not show this profile.*every skill counts as level 1\.$/,
	)
	expect(profileNotice({ error: 'PROFILE_UNAVAILABLE', skillvalues: skills })).toMatch(
		/could not show this profile right now/,
	)
	expect(profileNotice({ skillvalues: skills })).toBeUndefined()
})
