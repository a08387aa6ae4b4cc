/**
 * Setting (and removing) a group's or a competition's Discord webhook, with its verification code: the URL
 * (only Discord's own, `parseWebhookUrl`), the event kinds wanted and, for a group, the item and
 * boss names whose drops and kills are announced. Outcomes, not statuses (webhooks-api.server.ts
 * maps them).
 */
import { readGroupGuard } from '#app/groups/server/groups-store.server.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { codeMatches } from '#app/server/verification-code.server.ts'
import { normaliseLogMatch } from '../announcements.ts'
import type { InputError } from '../competition-input.ts'
import { DISCORD_EVENT_KINDS, parseWebhookUrl, type DiscordEventKind, type Webhook } from '../discord.ts'
import { deleteWebhook, readCodeHash, readWebhookState, setWebhook, type WebhookOwner } from './competitions-store.server.ts'

const COMPETITION_KINDS = DISCORD_EVENT_KINDS.filter((kind) => kind.startsWith('competition-'))
const MAX_LOG_MATCHES = 50
const MAX_LOG_MATCH_LENGTH = 80
const FIELDS = ['url', 'events', 'logMatches']

type Settings = { webhook: Webhook; events: DiscordEventKind[]; logMatches: string[] }

/** The body checked: every error with its field. A competition's webhook hears only competition events and has no log names. */
export function parseWebhookSettings(
	body: unknown,
	owner: 'group' | 'competition',
): { ok: true; value: Settings } | { ok: false; errors: InputError[] } {
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		return { ok: false, errors: [{ path: 'body', message: 'The body must be a JSON object: {"url", "events", "logMatches"?}.' }] }
	const fields = body as Record<string, unknown>
	const errors: InputError[] = []
	const allowedFields = owner === 'group' ? FIELDS : FIELDS.filter((field) => field !== 'logMatches')
	for (const field of Object.keys(fields))
		if (!allowedFields.includes(field))
			errors.push({ path: field, message: `Unknown field; a ${owner}'s webhook takes ${allowedFields.join(', ')}.` })
	const url = parseWebhookUrl(fields.url)
	if (!url.ok) errors.push({ path: 'url', message: url.message })
	const kinds: readonly string[] = owner === 'group' ? DISCORD_EVENT_KINDS : COMPETITION_KINDS
	const events = fields.events
	if (!Array.isArray(events) || events.length === 0)
		errors.push({ path: 'events', message: `events must be a list of one or more of: ${kinds.join(', ')}.` })
	else
		events.forEach((kind, index) => {
			if (typeof kind !== 'string' || !kinds.includes(kind))
				errors.push({ path: `events.${index}`, message: `Unknown event kind; a ${owner}'s webhook takes ${kinds.join(', ')}.` })
		})
	const logMatches = fields.logMatches ?? []
	if (!Array.isArray(logMatches) || logMatches.length > MAX_LOG_MATCHES)
		errors.push({ path: 'logMatches', message: `logMatches must be a list of at most ${MAX_LOG_MATCHES} item or boss names.` })
	else
		logMatches.forEach((name, index) => {
			if (typeof name !== 'string' || normaliseLogMatch(name).length === 0 || name.length > MAX_LOG_MATCH_LENGTH)
				errors.push({ path: `logMatches.${index}`, message: `Each name must be text of 1 to ${MAX_LOG_MATCH_LENGTH} characters.` })
		})
	if (errors.length > 0 || !url.ok) return { ok: false, errors }
	return {
		ok: true,
		value: {
			webhook: url.webhook,
			events: [...new Set(events as DiscordEventKind[])],
			logMatches: [...new Set((logMatches as string[]).map(normaliseLogMatch))],
		},
	}
}

export function createWebhookSettings(config: { db: () => Promise<Database>; now: () => Date }) {
	/** Null when `code` is the owner's code, else why not. */
	async function refusal(db: Database, owner: WebhookOwner, code: string | undefined) {
		if ('groupId' in owner) {
			const group = await readGroupGuard(db, owner.groupId)
			if (!group) return { kind: 'not-found' as const }
			if (code === undefined || !codeMatches(code, group.codeHash)) return { kind: 'wrong-code' as const }
			return group.locked ? { kind: 'locked' as const } : null
		}
		const hash = await readCodeHash(db, owner.competitionId)
		if (hash === null) return { kind: 'not-found' as const }
		return code !== undefined && codeMatches(code, hash) ? null : { kind: 'wrong-code' as const }
	}

	return {
		/** Sets (or replaces, switching it on again) the webhook; the answer never holds the token. */
		async set(owner: WebhookOwner, code: string | undefined, body: unknown) {
			const db = await config.db()
			const refused = await refusal(db, owner, code)
			if (refused) return refused
			const parsed = parseWebhookSettings(body, 'groupId' in owner ? 'group' : 'competition')
			if (!parsed.ok) return { kind: 'invalid' as const, errors: parsed.errors }
			const { webhook, events, logMatches } = parsed.value
			await setWebhook(db, owner, webhook, events, config.now(), logMatches)
			return { kind: 'set' as const, webhook: (await readWebhookState(db, owner))! }
		},

		/** Removes the webhook; what it had not been sent yet is dropped. `none` when there was none to remove. */
		async remove(owner: WebhookOwner, code: string | undefined) {
			const db = await config.db()
			const refused = await refusal(db, owner, code)
			if (refused) return refused
			return (await deleteWebhook(db, owner)) ? { kind: 'removed' as const } : { kind: 'none' as const }
		},

		/** The webhook's events and state (switched off, and why), for the group and competition reads; null without one. */
		async state(owner: WebhookOwner) {
			const row = await readWebhookState(await config.db(), owner)
			return row && { events: row.events, logMatches: row.logMatches, disabledAt: row.disabledAt, disabledReason: row.disabledReason }
		},
	}
}

export type WebhookSettings = ReturnType<typeof createWebhookSettings>
