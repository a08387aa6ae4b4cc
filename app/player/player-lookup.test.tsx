import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import PlayerLookupWidget from './player-lookup.tsx'
import { profileNotice } from './profile-notice.ts'

test('server HTML: labelled box of 15 characters, submit marked disabled while blank, idle hint', () => {
	const page = serverHtml(<PlayerLookupWidget />)
	expect(page.getByRole('textbox', { name: /Your RuneScape name/ }).getAttribute('maxlength')).toBe('15')
	// Not `disabled`: Enter on a blank box must still reach the form (it clears an old error).
	const submit = page.getByRole('button', { name: /./ })
	expect(submit.getAttribute('type')).toBe('submit')
	expect(submit.getAttribute('aria-disabled')).toBe('true')
	expect(submit.hasAttribute('disabled')).toBe(false)
	expect(page.getByText('Check requirements on this site against your own stats.')).toBeTruthy()
	expect(page.container.querySelector('[data-status]')?.getAttribute('data-status')).toBe('idle')
})

test('a private profile says so plainly', () => {
	const skills = [{ id: 0, level: 88, xp: 1 }]
	expect(profileNotice({ error: 'PROFILE_PRIVATE', skillvalues: skills })).toBe(
		'This RuneMetrics profile is private, so quest progress is hidden. To show it, sign in on the RuneScape website and set your RuneMetrics profile to public in your account settings. Skill levels come from the public hiscores.',
	)
	expect(profileNotice({ error: 'NOT_A_MEMBER', skillvalues: [] })).toMatch(
		/^RuneMetrics will not show this profile.*every skill counts as level 1\.$/,
	)
	expect(profileNotice({ error: 'PROFILE_UNAVAILABLE', skillvalues: skills })).toMatch(/could not show this profile right now/)
	expect(profileNotice({ skillvalues: skills })).toBeUndefined()
})
