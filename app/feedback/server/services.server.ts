import { getClock } from '#app/server/clock.server.ts'
import { getDatabase } from '#app/server/db/database.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createFeedback, type Feedback } from './feedback.server.ts'
import { knownPages } from './report-input.server.ts'

let feedback: Feedback | undefined

/** This process's report receiver, created on first use. */
export function getFeedback(): Feedback {
	const env = getEnv()
	feedback ??= createFeedback({
		db: async () => (await getDatabase()).db,
		state: getSharedState(),
		limits: { perClient: env.FEEDBACK_LIMIT_PER_HOUR, global: env.FEEDBACK_GLOBAL_LIMIT_PER_HOUR },
		knownPages: knownPages(),
		siteOrigin: env.SITE_URL,
		now: getClock().now,
	})
	return feedback
}
