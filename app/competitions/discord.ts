/**
 * Discord notifications, the pure part: which webhook URLs are accepted, where the server posts,
 * what each message says, how events are batched and what an answer means. The server never
 * posts to the URL a stranger typed: it keeps the webhook's id and token and posts to
 * `${DISCORD_API_BASE_URL}/webhooks/{id}/{token}`.
 */

export type Webhook = { id: string; token: string }

const WEBHOOK_URL = /^https:\/\/(?:discord|discordapp)\.com\/api\/webhooks\/(\d{1,20})\/([A-Za-z0-9_-]{1,200})$/i
const WEBHOOK_REFUSED =
	'Only a Discord webhook URL is accepted: https://discord.com/api/webhooks/{id}/{token} (or the same on discordapp.com), as Discord shows it under Server Settings → Integrations → Webhooks → Copy Webhook URL.'

/** The webhook a URL names, or why it is refused (any other host, scheme, path, port or query). */
export function parseWebhookUrl(raw: unknown): { ok: true; webhook: Webhook } | { ok: false; message: string } {
	const match = typeof raw === 'string' ? WEBHOOK_URL.exec(raw.trim()) : null
	if (!match) return { ok: false, message: WEBHOOK_REFUSED }
	return { ok: true, webhook: { id: match[1]!, token: match[2]! } }
}

/** Where a message is posted; `apiBase` is DISCORD_API_BASE_URL (no trailing slash). */
export function webhookPostUrl(apiBase: string, webhook: Webhook): string {
	return `${apiBase}/webhooks/${webhook.id}/${webhook.token}`
}

/** Times as ISO strings: events wait in the outbox as JSON. */
type CompetitionRef = { title: string; url: string; startsAt: string; endsAt: string }
type GroupRef = { name: string; url: string }

export type DiscordEvent =
	| { kind: 'competition-starting-soon'; competition: CompetitionRef }
	| { kind: 'competition-started'; competition: CompetitionRef }
	| { kind: 'competition-ending-soon'; competition: CompetitionRef }
	| {
			kind: 'competition-finished'
			competition: CompetitionRef
			top: { name: string; score: number }[]
	  }
	| { kind: 'member-joined'; group: GroupRef; player: string }
	| { kind: 'member-left'; group: GroupRef; player: string }
	| {
			kind: 'milestone'
			group: GroupRef
			player: string
			/** 99 or 120: a level; 200M: XP; quest cape: every quest done. */
			milestone: { type: 'level'; level: 99 | 120; skill: string } | { type: '200m'; skill: string } | { type: 'quest-cape' }
	  }
	| {
			kind: 'log-match'
			group: GroupRef
			player: string
			entry: { type: 'drop'; item: string } | { type: 'kill'; boss: string; count: number }
	  }

export type DiscordEventKind = DiscordEvent['kind']

export const DISCORD_EVENT_KINDS = [
	'competition-starting-soon',
	'competition-started',
	'competition-ending-soon',
	'competition-finished',
	'member-joined',
	'member-left',
	'milestone',
	'log-match',
] as const satisfies readonly DiscordEventKind[]

/** Discord's webhook body: https://discord.com/developers/docs/resources/webhook#execute-webhook */
type Embed = { title: string; url: string; description: string; color: number }

export type DiscordMessage = {
	content?: string
	embeds?: Embed[]
	/** Never ping anyone, whatever a title or a name says (`@everyone` in a competition's title). */
	allowed_mentions: { parse: [] }
}

// Discord's limits: 10 embeds a message, 2,000 characters of content, 256 of an embed title.
const MAX_EMBEDS = 10
const MAX_LINES = 20
const MAX_CONTENT = 2000
const MAX_TITLE = 256

/** How many events of a kind one message carries; the rest wait for the next minute. */
function maxEventsPerMessage(kind: DiscordEventKind): number {
	return kind.startsWith('competition-') ? MAX_EMBEDS : MAX_LINES
}

const GREEN = 0x2e7d32
const AMBER = 0xf9a825
const BLUE = 0x1565c0

/** One message for a batch of events of one kind (as `planBatches` groups them). */
export function formatDiscordMessage(events: readonly DiscordEvent[]): DiscordMessage {
	const none = { parse: [] as [] }
	const embeds = events.flatMap((event) => {
		const embed = competitionEmbed(event)
		return embed ? [embed] : []
	})
	if (embeds.length > 0) return { embeds: embeds.slice(0, MAX_EMBEDS), allowed_mentions: none }
	const lines = events.map(eventLine)
	let content = ''
	for (const [index, line] of lines.entries()) {
		const rest = lines.length - index
		const more = `\n… and ${rest} more.`
		if (content.length + line.length + 1 + (rest > 1 ? more.length : 0) > MAX_CONTENT) {
			content += more
			break
		}
		content += (content ? '\n' : '') + line
	}
	return { content, allowed_mentions: none }
}

function competitionEmbed(event: DiscordEvent): Embed | null {
	if (!event.kind.startsWith('competition-')) return null
	const { competition } = event as Extract<DiscordEvent, { competition: CompetitionRef }>
	const starts = discordTime(competition.startsAt)
	const ends = discordTime(competition.endsAt)
	const titled = (prefix: string, color: number, description: string): Embed => ({
		title: `${prefix}${competition.title}`.slice(0, MAX_TITLE),
		url: competition.url,
		description,
		color,
	})
	switch (event.kind) {
		case 'competition-starting-soon':
			return titled('Starting in 24 hours: ', AMBER, `Starts ${starts} (${relative(competition.startsAt)}), ends ${ends}.`)
		case 'competition-started':
			return titled('Started: ', GREEN, `Ends ${ends} (${relative(competition.endsAt)}).`)
		case 'competition-ending-soon':
			return titled('Ending in 1 hour: ', AMBER, `Ends ${ends} (${relative(competition.endsAt)}).`)
		case 'competition-finished': {
			const podium = event.top.slice(0, 3).map((row, index) => `${index + 1}. ${escapeMarkdown(row.name)}: ${formatScore(row.score)}`)
			return titled('Finished: ', BLUE, podium.length > 0 ? podium.join('\n') : 'No participant scored.')
		}
		default:
			return null
	}
}

function eventLine(event: DiscordEvent): string {
	if (!('group' in event)) return ''
	const who = `**${escapeMarkdown(event.player)}**`
	const where = ` (${escapeMarkdown(event.group.name)})`
	switch (event.kind) {
		case 'member-joined':
			return `${who} joined${where}.`
		case 'member-left':
			return `${who} left${where}.`
		case 'milestone': {
			const { milestone } = event
			if (milestone.type === 'quest-cape') return `${who} earned the quest cape${where}.`
			const skill = capitalise(milestone.skill)
			if (milestone.type === '200m') return `${who} reached 200M XP in ${skill}${where}.`
			return `${who} reached level ${milestone.level} ${skill}${where}.`
		}
		case 'log-match': {
			const { entry } = event
			if (entry.type === 'drop') return `${who} found ${escapeMarkdown(entry.item)}${where}.`
			const times = entry.count === 1 ? '' : ` ×${entry.count}`
			return `${who} killed ${escapeMarkdown(entry.boss)}${times}${where}.`
		}
	}
}

/** Discord's own markup for a time: each reader sees it in their own zone. */
function discordTime(time: string): string {
	return `<t:${Math.floor(Date.parse(time) / 1000)}:f>`
}

function relative(time: string): string {
	return `<t:${Math.floor(Date.parse(time) / 1000)}:R>`
}

/** Titles and names are typed by anyone: shown as written, never as links, bold or headings. */
function escapeMarkdown(text: string): string {
	return text.replace(/[\\*_~`|>[\]()#<@]/g, (character) => `\\${character}`)
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1)
}

function formatScore(score: number): string {
	return score.toLocaleString('en-GB', { maximumFractionDigits: 1 })
}

// Batching.

export type PendingEvent = {
	id: string
	webhookId: string
	kind: DiscordEventKind
	createdAt: Date
}

export type Batch = { webhookId: string; kind: DiscordEventKind; eventIds: string[] }

const MINUTE = 60_000

/**
 * What to send now: for each webhook and event kind, at most one message a minute, carrying the
 * oldest pending events of that kind (up to what one message holds). `lastSentAt` is keyed
 * `${webhookId} ${kind}`; a webhook told to wait (429, backoff) is skipped until `blockedUntil`.
 */
export function planBatches(input: {
	pending: readonly PendingEvent[]
	lastSentAt: ReadonlyMap<string, Date>
	blockedUntil: ReadonlyMap<string, Date>
	now: Date
}): Batch[] {
	const groups = new Map<string, PendingEvent[]>()
	for (const event of input.pending.toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
		const key = `${event.webhookId} ${event.kind}`
		groups.set(key, [...(groups.get(key) ?? []), event])
	}
	const batches: Batch[] = []
	for (const [key, events] of groups) {
		const { webhookId, kind } = events[0]!
		const blocked = input.blockedUntil.get(webhookId)
		if (blocked && blocked > input.now) continue
		const last = input.lastSentAt.get(key)
		if (last && input.now.getTime() - last.getTime() < MINUTE) continue
		const eventIds = events.slice(0, maxEventsPerMessage(kind)).map((event) => event.id)
		batches.push({ webhookId, kind, eventIds })
	}
	return batches
}

// Delivery.

export type DeliveryOutcome =
	| { outcome: 'sent' }
	/** Try the same message again after `afterMs`. */
	| { outcome: 'retry'; afterMs: number; reason: string }
	/** The webhook is gone or its token revoked: switch it off, say so on the page. */
	| { outcome: 'disable'; reason: string }
	/** Retrying would get the same answer (our message refused, or too many attempts): drop it. */
	| { outcome: 'failed'; reason: string }

export type DeliveryAnswer =
	{ status: number; retryAfterHeader: string | null; body: unknown } | { status: 'network-error'; reason: string }

const MAX_ATTEMPTS = 8
const BACKOFF_FIRST_MS = 5_000

/**
 * What Discord's answer means for the message. `attempt` counts from 1 (the post just made).
 * 429: wait what `Retry-After` (seconds) or the body's `retry_after` says, the longer of the two;
 * 5xx, timeouts and refused connections: 5 s, then doubling, 8 attempts in all (10.6 minutes).
 */
export function deliveryOutcome(answer: DeliveryAnswer, attempt: number): DeliveryOutcome {
	if (answer.status === 'network-error') return backoff(attempt, answer.reason)
	const { status } = answer
	if (status >= 200 && status <= 299) return { outcome: 'sent' }
	if (status === 429) {
		const header = Number(answer.retryAfterHeader ?? Number.NaN)
		const body =
			typeof answer.body === 'object' && answer.body !== null && 'retry_after' in answer.body ? Number(answer.body.retry_after) : Number.NaN
		const seconds = Math.max(...[header, body].filter((value) => Number.isFinite(value) && value >= 0), 1)
		return {
			outcome: 'retry',
			afterMs: Math.ceil(seconds * 1000),
			reason: 'HTTP 429 (rate limited)',
		}
	}
	if (status === 404 || status === 401)
		return {
			outcome: 'disable',
			reason: `HTTP ${status}: the webhook was deleted or its token is no longer valid`,
		}
	if (status >= 500) return backoff(attempt, `HTTP ${status}`)
	return { outcome: 'failed', reason: `HTTP ${status}: Discord refused the message` }
}

function backoff(attempt: number, reason: string): DeliveryOutcome {
	if (attempt >= MAX_ATTEMPTS) return { outcome: 'failed', reason: `${reason}, ${attempt} attempts` }
	return { outcome: 'retry', afterMs: BACKOFF_FIRST_MS * 2 ** (attempt - 1), reason }
}
