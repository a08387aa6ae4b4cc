/**
 * Competitions as a service: creation with a verification code (shown once, kept hashed, counted
 * against a per-client limit once the input is valid), reading with standings, listing, changing
 * and deleting with the code. Answers outcomes, never statuses (decision 0017): the API maps them.
 */
import { readGroup } from '#app/groups/server/groups-store.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import { finishBeforeExit, shutdownSignal } from '#app/server/background-work.server.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { log } from '#app/server/log.server.ts'
import type { LimitOptions, SharedState } from '#app/server/shared-state/shared-state.server.ts'
import { MAX_PARTICIPANTS, parseCompetitionInput, type CompetitionInput, type InputError } from '../competition-input.ts'
import { metricName } from '../metrics.ts'
import { competitionStatus, type CompetitionStatus } from '../schedule.ts'
import {
	countCompetitions,
	createCompetition,
	deleteCompetition,
	listCompetitions,
	listGroupCompetitions,
	readCodeHash,
	readCompetition,
	readParticipantChecks,
	claimParticipant,
	updateCompetition,
	type NewCompetition,
} from './competitions-store.server.ts'
import { PARTICIPANT_LEASE_MS } from './competition-rounds.server.ts'
import { readCompetitionWithStandings } from './standings.server.ts'
import { codeMatches, newVerificationCode } from '#app/server/verification-code.server.ts'

export type CompetitionsConfig = {
	db: () => Promise<Database>
	state: SharedState
	now: () => Date
	/** Competitions one client may create; default 10 an hour. */
	createLimit?: LimitOptions
	/**
	 * Fetches one participant now and records it (`refreshParticipant` in
	 * `participant-refresh.server.ts`): the update round's one way upstream.
	 */
	refreshParticipant: (player: PlayerName) => Promise<unknown>
	/** Update rounds one competition may ask for; default one per 10 minutes. */
	updateLimit?: LimitOptions
}

/** A refusal of the code: none given, or not this competition's. */
type CodeRefusal = { kind: 'not-found' } | { kind: 'wrong-code' }

export function createCompetitions(config: CompetitionsConfig) {
	const creations = config.state.limiter('competition-create', config.createLimit ?? { max: 10, windowMs: 3_600_000, refill: 'window' })
	const updates = config.state.limiter('competition-update', config.updateLimit ?? { max: 1, windowMs: 600_000, refill: 'window' })

	/**
	 * Standings are kept (kept-standings.server.ts), but a read after a round changed everyone
	 * recomputes them all from their snapshots (seconds for hundreds of participants), so each
	 * competition's read is shared by the requests of the next `STANDINGS_TTL_MS` and by those
	 * arriving meanwhile: short, as a warm read is cheap and the standings are live. A change, a
	 * deletion or a finished manual update drops it.
	 */
	const reads = new Map<number, { until: number; value: ReturnType<typeof readFresh> }>()
	function readFresh(id: number) {
		return config.db().then((db) => readCompetitionWithStandings(db, id))
	}
	function readShared(id: number) {
		const time = config.now().getTime()
		const cached = reads.get(id)
		if (cached && cached.until > time) return cached.value
		const value = readFresh(id)
		reads.delete(id)
		reads.set(id, { until: time + STANDINGS_TTL_MS, value })
		// Not found is not kept (the id may be created next), nor a failure.
		const drop = () => reads.get(id)?.value === value && reads.delete(id)
		value.then((found) => found ?? drop(), drop)
		if (reads.size > MAX_SHARED_READS) reads.delete(reads.keys().next().value!)
		return value
	}

	/** Null when `code` is the stored competition's code, else why not. */
	async function checkCode(db: Database, id: number, code: string | undefined): Promise<CodeRefusal | null> {
		const hash = await readCodeHash(db, id)
		if (hash === null) return { kind: 'not-found' }
		return code !== undefined && codeMatches(code, hash) ? null : { kind: 'wrong-code' }
	}

	/** What the API shows of a competition: its metrics by name, its status now. */
	function present(competition: NonNullable<Awaited<ReturnType<typeof readCompetition>>>) {
		return {
			...competition,
			status: competitionStatus(competition, config.now()),
			metrics: competition.metrics.map(({ metric, weight }) => ({ metric: metricName(metric), weight })),
		}
	}

	return {
		async create(
			body: unknown,
			clientId: string,
		): Promise<
			| { kind: 'invalid'; errors: InputError[] }
			| { kind: 'rate-limited'; retryAfterSeconds: number }
			| { kind: 'created'; competition: ReturnType<typeof present>; code: string }
		> {
			const parsed = parseCompetitionInput(body)
			if (!parsed.ok) return { kind: 'invalid', errors: parsed.errors }
			const db = await config.db()
			const roster = await resolveParticipants(db, parsed.competition)
			if (!roster.ok) return { kind: 'invalid', errors: roster.errors }
			const decision = await creations.hit(clientId)
			if (!decision.allowed) return { kind: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds }
			const { code, hash } = newVerificationCode()
			const { title, startsAt, endsAt, metrics, groupId } = parsed.competition
			const id = await createCompetition(
				db,
				{ title, startsAt, endsAt, metrics, groupId: groupId ?? null, codeHash: hash, ...roster.value },
				config.now(),
			)
			return { kind: 'created', competition: present((await readCompetition(db, id))!), code }
		},

		async read(id: number) {
			const found = await readShared(id)
			if (!found) return null
			return { ...found, competition: present(found.competition) }
		},

		/** One status's competitions, their titles containing `search`; `offset` for the next pages. */
		async list(status: CompetitionStatus, options?: { search?: string; limit?: number; offset?: number }) {
			return listCompetitions(await config.db(), status, config.now(), options)
		},

		/** How many of each status have a title containing `search`. */
		async count(search = '') {
			return countCompetitions(await config.db(), config.now(), search)
		},

		/** A group's competitions, with their status now. */
		async ofGroup(groupId: number) {
			const now = config.now()
			return (await listGroupCompetitions(await config.db(), groupId)).map((row) => ({ ...row, status: competitionStatus(row, now) }))
		},

		/** Changes the title, dates or metrics; the rest of the input is checked as at creation. */
		async change(
			id: number,
			code: string | undefined,
			body: unknown,
		): Promise<CodeRefusal | { kind: 'invalid'; errors: InputError[] } | { kind: 'changed'; competition: ReturnType<typeof present> }> {
			const db = await config.db()
			const refusal = await checkCode(db, id, code)
			if (refusal) return refusal
			const stored = (await readCompetition(db, id))!
			const patch = isObject(body) ? body : {}
			const unknown = isObject(body) ? Object.keys(body).filter((field) => !CHANGEABLE.includes(field)) : []
			if (!isObject(body) || unknown.length > 0)
				return {
					kind: 'invalid',
					errors: [{ path: unknown[0] ?? '', message: `Only ${CHANGEABLE.join(', ')} can be changed.` }],
				}
			const parsed = parseCompetitionInput({
				title: stored.title,
				startsAt: stored.startsAt.toISOString(),
				endsAt: stored.endsAt.toISOString(),
				metrics: stored.metrics.map(({ metric, weight }) => ({ metric: metricName(metric), weight })),
				participants: stored.participants.map((participant) => participant.name),
				...patch,
			})
			if (!parsed.ok) return { kind: 'invalid', errors: parsed.errors }
			await updateCompetition(db, id, parsed.competition)
			reads.delete(id)
			return { kind: 'changed', competition: present((await readCompetition(db, id))!) }
		},

		/**
		 * Updates the participants, one after another, in the background (the answer does not wait
		 * for 500 fetches); `done` settles when the round is over (or the server shuts down). One round
		 * per competition per `updateLimit`, whoever asks. Each participant is claimed with the update
		 * rounds' lease just before it is fetched (`claimParticipant`), so a round, another instance's
		 * update or this one never fetch a player twice: skipped are those leased now or checked in the
		 * last `RECENT_CHECK_MS` (at the request, or by the time their turn comes).
		 */
		async requestUpdate(
			id: number,
			code: string | undefined,
		): Promise<
			| CodeRefusal
			| { kind: 'rate-limited'; retryAfterSeconds: number }
			| { kind: 'queued'; queued: number; skipped: number; done: Promise<void> }
		> {
			const db = await config.db()
			const refusal = await checkCode(db, id, code)
			if (refusal) return refusal
			const decision = await updates.hit(String(id))
			if (!decision.allowed) return { kind: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds }
			const asked = config.now()
			const recent = new Date(asked.getTime() - RECENT_CHECK_MS)
			const checks = await readParticipantChecks(db, id)
			const queue = checks.filter(
				(check) => !(check.claimedUntil && check.claimedUntil > asked) && !(check.lastCheckedAt && check.lastCheckedAt >= recent),
			)
			const done = finishBeforeExit(
				(async () => {
					for (const { key, name } of queue) {
						// A shutdown ends the round: those not updated yet wait for the next one.
						if (shutdownSignal.aborted) break
						try {
							const claim = { now: config.now(), leaseMs: PARTICIPANT_LEASE_MS, notCheckedSince: recent }
							if (await claimParticipant(db, id, key, claim)) await config.refreshParticipant({ key, name })
						} catch (failure) {
							log.unexpected(`competition ${id}: updating ${name}`, failure)
						}
					}
					reads.delete(id)
				})(),
			)
			return { kind: 'queued', queued: queue.length, skipped: checks.length - queue.length, done }
		},

		async delete(id: number, code: string | undefined): Promise<CodeRefusal | { kind: 'deleted' }> {
			const db = await config.db()
			const refusal = await checkCode(db, id, code)
			if (refusal) return refusal
			await deleteCompetition(db, id)
			reads.delete(id)
			return { kind: 'deleted' }
		},
	}
}

export type Competitions = ReturnType<typeof createCompetitions>

const CHANGEABLE = ['title', 'startsAt', 'endsAt', 'metrics']
const STANDINGS_TTL_MS = 10_000
/** A participant checked this recently (by anyone) is not fetched again by a manual update. */
const RECENT_CHECK_MS = 10 * 60_000
const MAX_SHARED_READS = 200

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Who takes part: the list, or a group's members (all, or those listed, or those in the teams:
 * each must be a member). Teams by participant key.
 */
async function resolveParticipants(
	db: Database,
	input: CompetitionInput,
): Promise<{ ok: true; value: Pick<NewCompetition, 'participants' | 'teams'> } | { ok: false; errors: InputError[] }> {
	const teams = input.teams?.map((team) => ({ name: team.name, members: team.participants.map((player) => player.key) })) ?? null
	const chosen = input.participants ?? input.teams?.flatMap((team) => team.participants)
	if (input.groupId === undefined) return { ok: true, value: { participants: chosen ?? [], teams } }
	const group = await readGroup(db, input.groupId)
	if (!group) return { ok: false, errors: [{ path: 'groupId', message: `There is no group ${input.groupId}.` }] }
	const members = new Map(group.members.map((member) => [member.key, member.name]))
	if (!chosen) {
		if (members.size === 0) return { ok: false, errors: [{ path: 'groupId', message: 'The group has no members yet.' }] }
		if (members.size > MAX_PARTICIPANTS)
			return {
				ok: false,
				errors: [
					{
						path: 'participants',
						message: `The group has ${members.size} members: list at most ${MAX_PARTICIPANTS} of them in participants.`,
					},
				],
			}
		const participants: PlayerName[] = [...members].map(([key, name]) => ({ key, name }))
		return { ok: true, value: { participants, teams } }
	}
	const field = input.participants ? 'participants' : 'teams'
	const errors: InputError[] = []
	if (input.participants)
		input.participants.forEach((player, index) => {
			if (!members.has(player.key))
				errors.push({ path: `participants.${index}`, message: `"${player.name}" is not a member of the group.` })
		})
	else
		input.teams?.forEach((team, teamIndex) =>
			team.participants.forEach((player, index) => {
				if (!members.has(player.key))
					errors.push({
						path: `${field}.${teamIndex}.participants.${index}`,
						message: `"${player.name}" is not a member of the group.`,
					})
			}),
		)
	return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { participants: chosen, teams } }
}
