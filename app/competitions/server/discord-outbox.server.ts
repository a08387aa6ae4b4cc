/**
 * One pass of the Discord outbox: claim what may be posted now, post each batch as one message,
 * record Discord's answer. A worker (not built yet) calls it every few seconds on each instance;
 * the claims keep two instances from posting the same event.
 */
import type { Database } from '#app/server/db/database.server.ts'
import { formatDiscordMessage, type DeliveryOutcome } from '../discord.ts'
import { claimDiscordBatches, recordDelivery } from './competitions-store.server.ts'
import { postDiscordMessage } from './discord-client.server.ts'

type OutboxOptions = { apiBase: string; timeoutMs: number; now: () => Date }

/** Each batch posted in this pass and what came of it. */
export async function deliverDiscordOutbox(
	db: Database,
	options: OutboxOptions,
): Promise<{ webhookId: number; eventIds: number[]; outcome: DeliveryOutcome }[]> {
	// The lease outlasts the post: a timed-out post is recorded before anyone may claim it again.
	const batches = await claimDiscordBatches(db, options.now(), options.timeoutMs * 2 + 5_000)
	const results = []
	for (const batch of batches) {
		const outcome = await postDiscordMessage({
			apiBase: options.apiBase,
			webhook: batch.webhook,
			message: formatDiscordMessage(batch.events),
			attempt: batch.attempt,
			timeoutMs: options.timeoutMs,
		})
		await recordDelivery(db, batch, outcome, options.now())
		results.push({ webhookId: batch.webhookId, eventIds: batch.eventIds, outcome })
	}
	return results
}
