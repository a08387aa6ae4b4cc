/**
 * Posts one message to a Discord webhook and says what the answer means (`deliveryOutcome`).
 * It posts only to `webhookPostUrl(apiBase, webhook)`, never follows a redirect, gives up after
 * `timeoutMs`, and reads at most a few KB of the answer (only a 429's body matters).
 */
import { deliveryOutcome, webhookPostUrl, type DeliveryOutcome, type DiscordMessage, type Webhook } from '../discord.ts'
import { readCappedBody } from '#app/server/capped-body.server.ts'

const MAX_ANSWER_BYTES = 16_384
/** Discord asks bots to say who they are: https://discord.com/developers/docs/reference#user-agent */
const USER_AGENT = 'DiscordBot (GielinorGuide, 0.1) open-source RuneScape 3 guide site'

export type DiscordPost = {
	/** DISCORD_API_BASE_URL, e.g. https://discord.com/api */
	apiBase: string
	webhook: Webhook
	message: DiscordMessage
	/** 1 for the first post of this message. */
	attempt: number
	timeoutMs: number
}

export async function postDiscordMessage(post: DiscordPost): Promise<DeliveryOutcome> {
	const signal = AbortSignal.timeout(post.timeoutMs)
	try {
		const response = await fetch(webhookPostUrl(post.apiBase, post.webhook), {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
			body: JSON.stringify(post.message),
			redirect: 'manual',
			signal,
		})
		const body = response.status === 429 ? await readJson(response) : (await response.body?.cancel(), null)
		return deliveryOutcome({ status: response.status, retryAfterHeader: response.headers.get('retry-after'), body }, post.attempt)
	} catch (error) {
		const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
		const reason = signal.aborted ? `no answer within ${post.timeoutMs / 1000}s` : cause instanceof Error ? cause.message : String(cause)
		return deliveryOutcome({ status: 'network-error', reason }, post.attempt)
	}
}

/** The answer's JSON, or null when it is not JSON or longer than it should be. */
async function readJson(response: Response): Promise<unknown> {
	const bytes = await readCappedBody(response, MAX_ANSWER_BYTES)
	if (!bytes) return null
	try {
		return JSON.parse(new TextDecoder().decode(bytes))
	} catch {
		return null
	}
}
