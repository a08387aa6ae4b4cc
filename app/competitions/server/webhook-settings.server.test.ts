import { expect, test } from 'vitest'
import { parseWebhookSettings } from './webhook-settings.server.ts'

const url = 'https://discord.com/api/webhooks/123456789012345678/abc-DEF_ghi'

test("a group's webhook: Discord's URL, the kinds chosen (each once) and its log names kept in lower case", () => {
	expect(
		parseWebhookSettings(
			{ url, events: ['member-joined', 'log-match', 'log-match'], logMatches: ['Dragon Rider boots', 'Vorago'] },
			'group',
		),
	).toEqual({
		ok: true,
		value: {
			webhook: { id: '123456789012345678', token: 'abc-DEF_ghi' },
			events: ['member-joined', 'log-match'],
			logMatches: ['dragon rider boots', 'vorago'],
		},
	})
	expect(parseWebhookSettings({ url: url.replace('discord.com', 'discordapp.com'), events: ['milestone'] }, 'group')).toMatchObject({
		ok: true,
	})
})

test('anything else is refused, naming the field', () => {
	const errors = (body: unknown, owner: 'group' | 'competition' = 'group') => {
		const parsed = parseWebhookSettings(body, owner)
		return parsed.ok ? [] : parsed.errors.map((error) => error.path)
	}
	expect(errors({ url: 'https://evil.example/api/webhooks/1/t', events: ['milestone'] })).toEqual(['url'])
	expect(errors({ url: 'http://discord.com/api/webhooks/1/t', events: ['milestone'] })).toEqual(['url'])
	expect(errors({ url: `${url}?wait=true`, events: ['milestone'] })).toEqual(['url'])
	expect(errors({ url, events: [] })).toEqual(['events'])
	expect(errors({ url, events: ['everything'] })).toEqual(['events.0'])
	expect(errors({ url, events: ['member-joined'] }, 'competition')).toEqual(['events.0'])
	expect(errors({ url, events: ['competition-started'], logMatches: ['x'] }, 'competition')).toEqual(['logMatches'])
	expect(errors({ url, events: ['log-match'], logMatches: ['', 'x'.repeat(81)] })).toEqual(['logMatches.0', 'logMatches.1'])
	expect(errors({ url, events: ['log-match'], token: 'x' })).toEqual(['token'])
	expect(errors([url])).toEqual(['body'])
})
