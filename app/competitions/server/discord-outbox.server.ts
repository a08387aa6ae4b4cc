/**
 * One pass of the Discord outbox: claim what may be posted now, post each batch as one message,
 * record Discord's answer. `startDiscordOutbox` runs it every few seconds on each instance; the
 * claims keep two instances from posting the same event.
 */
import type { Database } from '#app/server/db/database.server.ts'
import { formatDiscordMessage, type DeliveryOutcome } from '../discord.ts'
import { claimDiscordBatches, recordDelivery } from './competitions-store.server.ts'
import { postDiscordMessage } from './discord-client.server.ts'
import { startLoop } from './background-loop.server.ts'

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

/**
 * Delivers the outbox for as long as the server runs: at once again after a pass that posted, else
 * every `idleMs`. `produce` (the groups' announcements) runs first, at most every `produceEveryMs`.
 */
export function startDiscordOutbox(
	db: () => Promise<Database>,
	options: OutboxOptions & {
		idleMs?: number
		databaseReady?: () => boolean
		produce?: (db: Database, now: Date) => Promise<void>
		produceEveryMs?: number
	},
) {
	const idle = options.idleMs ?? 2_000
	let producedAt = 0
	return startLoop('discord: outbox', async () => {
		if (options.databaseReady?.() === false) return idle
		const database = await db()
		const now = options.now()
		if (options.produce && now.getTime() - producedAt >= (options.produceEveryMs ?? 15_000)) {
			producedAt = now.getTime()
			await options.produce(database, now)
		}
		const posted = await deliverDiscordOutbox(database, options)
		return posted.length > 0 ? 0 : idle
	})
}
