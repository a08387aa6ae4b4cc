/**
 * `GET /api/v1/plan?username=NAME&goals=slug,slug[&ironman=true]`: the account planner on the
 * server, for other tools (Alt1 apps…) and for our tests.
 *
 * 200: `{ player: { name, source, questProgress, profileState?, fetchedAt } | null, goals, steps,
 * canStartNow, nearlyThere, totals }` (shapes in `#app/planner/plan.ts`); `player` is null
 * and the plan is for a fresh account when no `username` is given.
 * The player comes from the player lookup itself (`/api/v1/player-data`'s core): the same cache,
 * the same per-client rate limit, and its error answers passed on unchanged (400 bad name, 404
 * unknown player, 429, 502/504 upstream trouble), all `{ error: { code, message } }`.
 * Goals that match no quest or preset: 400 `UNKNOWN_GOALS` naming them in `error.goals`; a query
 * parameter it does not take, or `ironman` other than true or false: 400 `INVALID_PARAMETER`.
 *
 * With a `username`, `eta` (`PlanEtas` of `#app/planner/plan-eta.ts`) times the training at the
 * player's own recent pace, asked of the tracker: `eta.status` 'ok', 'not-tracked' or 'no-history'
 * with `eta.message` saying how it is computed or why there is none, `eta.plan` the whole plan,
 * and each training step its own `eta` (`{ kind, minDays?, maxDays?, text }`). Null without a player.
 */
import { MAX_GOALS, parseGoalsParam } from '#app/planner/goals.ts'
import type { Plan, Planner } from '#app/planner/plan.ts'
import { planEtas } from '#app/planner/plan-eta.ts'
import { knowsQuestProgress, plannerPlayer } from '#app/planner/player.ts'
import { z } from 'zod'
import { flagParameter } from '#app/lib/query-params.ts'
import type { PlayerDataCore } from '#app/player/server/handler.server.ts'
import type { PlayerData } from '#app/player/types.ts'
import { normalisePlayerName } from '#app/player/username.ts'
import { apiError, createApi, endpoint, json, type Endpoint } from '#app/server/api.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import type { PaceAnswer } from '#app/tracker/pace.ts'

const PLAN_PATH = '/api/v1/plan'

const planQuery = z.object({ username: z.string().optional(), goals: z.string().optional(), ironman: flagParameter('ironman') })

/** The plan endpoint for the API table. */
export function planEndpoint(
	lookup: PlayerDataCore,
	planner: Planner,
	/** The tracker's pace of a player (by key): ETAs come from it, never from its tables. */
	pace: (key: string) => Promise<PaceAnswer>,
): Endpoint {
	return endpoint({
		path: PLAN_PATH,
		methods: ['GET', 'HEAD'],
		query: planQuery,
		failure: { status: 502, code: 'LOOKUP_FAILED', message: 'The plan could not be made; try again shortly.' },
		handle: ({ query, clientId }) => plan(query, clientId),
	})

	async function plan(query: z.output<typeof planQuery>, clientId: string) {
		const raw = query.goals ?? ''
		const inputs = parseGoalsParam(raw)
		if (raw.split(',').filter((g) => g.trim()).length > MAX_GOALS) {
			return apiError(400, 'TOO_MANY_GOALS', `Ask for at most ${MAX_GOALS} goals at a time.`)
		}
		const { unknown } = planner.resolveGoals(inputs)
		if (unknown.length > 0) {
			return apiError(
				400,
				'UNKNOWN_GOALS',
				`Unknown goal${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Use quest slugs (as in /quests/<slug>), quest names or abbreviations, or a preset: ${planner.data.presets.map((p) => p.slug).join(', ')}.`,
				{ details: { goals: unknown } },
			)
		}
		const options = { ironman: query.ironman }
		const username = query.username
		if (username === undefined) {
			const plan = planner.plan(inputs, undefined, options)
			return json(200, { player: null, ...withoutFlag(plan), eta: null }, { 'cache-control': CACHE_CONTROL.page })
		}

		const answer = await lookup('GET', new URLSearchParams({ username, quests: 'true' }), clientId)
		if (answer.status !== 200) return answer
		const data = JSON.parse(answer.body) as PlayerData
		const plan = planner.plan(inputs, plannerPlayer(data, planner.questName), options)
		const player = {
			name: data.name,
			source: data.source,
			questProgress: knowsQuestProgress(data) ? 'known' : 'unknown',
			...(data.error ? { profileState: data.error } : {}),
			fetchedAt: data.fetchedAt,
		}
		const etas = planEtas(plan.steps, await pace(normalisePlayerName(data.name).key), data.name)
		return json(
			200,
			{ player, ...withoutFlag(withStepEtas(plan, etas.steps)), eta: { ...etas, steps: undefined } },
			{ 'cache-control': answer.headers['cache-control'] ?? CACHE_CONTROL.none },
		)
	}
}

/** The plan endpoint on plain values, as the player lookup's core: method, query and client in (tests). */
export function createPlanCore(...args: Parameters<typeof planEndpoint>): PlayerDataCore {
	const api = createApi([planEndpoint(...args)])
	return (method, query, clientId) => api.serve({ method, path: PLAN_PATH, query, clientId, header: () => undefined })
}

/** The API says `player.questProgress` instead of the plan's own flag. */
function withoutFlag<T extends { questProgressKnown: boolean }>(plan: T): Omit<T, 'questProgressKnown'> {
	const { questProgressKnown: _flag, ...rest } = plan
	return rest
}

function withStepEtas(plan: Plan, etas: ReturnType<typeof planEtas>['steps']): Plan {
	return { ...plan, steps: plan.steps.map((step) => (etas[step.id] ? { ...step, eta: etas[step.id] } : step)) }
}
