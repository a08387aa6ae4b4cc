import { z } from 'zod'
import { trimTrailingSlashes } from '#app/lib/url-path.ts'
import { playerQuestSchema, type PlayerQuest, type PlayerSkill, type ProfileState } from '#app/player/types.ts'
import { SKILLS } from '#app/lib/skills.ts'
import { parseXpMonthly, type MonthlyXp } from '#app/player/xp-monthly.ts'
import { readCappedBody } from '#app/server/capped-body.server.ts'

export type UpstreamEndpoint = 'profile' | 'quests' | 'hiscores' | 'xp-monthly'

/**
 * - timeout: no complete answer within the timeout
 * - unreachable: connection refused, reset, DNS failure
 * - bad-status: an HTTP status we do not expect (5xx, Cloudflare 52x, 403, …)
 * - bad-body: HTML, truncated or otherwise unreadable body
 * - too-large: body over the size cap
 * - busy: not called at all, the upstream budget is used up for longer than a caller waits
 *   (`upstream-gate.server.ts`)
 */
export type UpstreamFailure = 'timeout' | 'unreachable' | 'bad-status' | 'bad-body' | 'too-large' | 'busy'

export class UpstreamError extends Error {
	readonly kind: UpstreamFailure
	readonly endpoint: UpstreamEndpoint
	/** The HTTP status of a bad-status answer. */
	readonly status: number | undefined
	/** When to come back (busy). */
	readonly retryAfterSeconds: number | undefined

	constructor(
		kind: UpstreamFailure,
		endpoint: UpstreamEndpoint,
		message: string,
		details: { status?: number; retryAfterSeconds?: number } = {},
	) {
		super(`${endpoint}: ${message}`)
		this.name = 'UpstreamError'
		this.kind = kind
		this.endpoint = endpoint
		this.status = details.status
		this.retryAfterSeconds = details.retryAfterSeconds
	}
}

/** Overall standing; `rank` is null when unranked or not given. */
export type PlayerOverall = { rank: number | null; totalLevel: number; totalXp: number }

/** One adventurer's log entry; `date` is ISO 8601 (RuneMetrics prints UTC minutes). */
export type ProfileActivity = { date: string; text: string; details: string }

/**
 * What the tracker records beyond the lookup's answer (`/api/v1/player-data` does not send these):
 * `ranks` is indexed by skill id, null when unranked or not known.
 */
type TrackedFields = { ranks: Array<number | null>; overall: PlayerOverall }

export type ProfileResult =
	| ({
			kind: 'ok'
			name: string
			skills: PlayerSkill[]
			questsComplete: number | null
			questsStarted: number | null
			/** Newest first, as RuneMetrics lists them; entries we cannot read are left out. */
			activities: ProfileActivity[]
	  } & TrackedFields)
	| { kind: 'unavailable'; state: ProfileState }

export type HiscoresResult = ({ kind: 'ok'; skills: PlayerSkill[] } & TrackedFields) | { kind: 'not-found' }

const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024

export type UpstreamClientOptions = {
	runemetricsBaseUrl: string
	hiscoresBaseUrl: string
	timeoutMs: number
	userAgent: string
	maxBodyBytes?: number
}

export type UpstreamClient = {
	profile(name: string): Promise<ProfileResult>
	quests(name: string): Promise<UpstreamQuest[]>
	hiscores(name: string): Promise<HiscoresResult>
	/** One skill's monthly XP gains (up to 12 months); null when RuneMetrics gives no history. */
	xpMonthly(name: string, skillId: number): Promise<MonthlyXp | null>
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
	const runemetrics = trimTrailingSlashes(options.runemetricsBaseUrl)
	const hiscores = trimTrailingSlashes(options.hiscoresBaseUrl)
	const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
	const get = (endpoint: UpstreamEndpoint, url: string, accept: string) =>
		fetchUpstream(endpoint, url, {
			accept,
			userAgent: options.userAgent,
			timeoutMs: options.timeoutMs,
			maxBodyBytes,
		})

	return {
		async profile(name) {
			// The query the RuneMetrics app itself sends (the tracker keeps the activities).
			const url = `${runemetrics}/profile/profile?user=${encodeURIComponent(name)}&activities=20`
			const { body } = await get('profile', url, 'application/json')
			return parseProfile(parseJson('profile', body))
		},
		async quests(name) {
			const url = `${runemetrics}/quests?user=${encodeURIComponent(name)}`
			const { body } = await get('quests', url, 'application/json')
			return parseQuests(parseJson('quests', body))
		},
		async hiscores(name) {
			const url = `${hiscores}/index_lite.ws?${new URLSearchParams({ player: name })}`
			const { status, body } = await get('hiscores', url, 'text/plain')
			if (status === 404) return { kind: 'not-found' }
			return { kind: 'ok', ...parseHiscoresLite(body) }
		},
		async xpMonthly(name, skillId) {
			const query = new URLSearchParams({ searchName: name, skillid: String(skillId) })
			const { body } = await get('xp-monthly', `${runemetrics}/xp-monthly?${query}`, 'application/json')
			return parseXpMonthly(parseJson('xp-monthly', body), skillId)
		},
	}
}

type FetchOptions = { accept: string; userAgent: string; timeoutMs: number; maxBodyBytes: number }

/**
 * GET with a hard deadline that covers the body too, and a size cap. Resolves for 2xx, and for
 * 404 from the hiscores (its "no such player" answer, body not read); throws UpstreamError for
 * everything else.
 */
async function fetchUpstream(endpoint: UpstreamEndpoint, url: string, options: FetchOptions): Promise<{ status: number; body: string }> {
	const signal = AbortSignal.timeout(options.timeoutMs)
	const seconds = `${options.timeoutMs / 1000}s`
	try {
		const response = await fetch(url, {
			headers: { accept: options.accept, 'user-agent': options.userAgent },
			signal,
		})
		if (endpoint === 'hiscores' && response.status === 404) {
			await response.body?.cancel()
			return { status: 404, body: '' }
		}
		if (response.status < 200 || response.status > 299) {
			await response.body?.cancel()
			throw new UpstreamError('bad-status', endpoint, `HTTP ${response.status}`, { status: response.status })
		}
		const body = await readCapped(endpoint, response, options.maxBodyBytes)
		return { status: response.status, body }
	} catch (error) {
		if (error instanceof UpstreamError) throw error
		if (signal.aborted) {
			throw new UpstreamError('timeout', endpoint, `no answer within ${seconds}`)
		}
		const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
		const reason = cause instanceof Error ? cause.message : String(cause)
		throw new UpstreamError('unreachable', endpoint, reason)
	}
}

async function readCapped(endpoint: UpstreamEndpoint, response: Response, maxBytes: number): Promise<string> {
	const bytes = await readCappedBody(response, maxBytes)
	if (!bytes) throw new UpstreamError('too-large', endpoint, `body larger than ${maxBytes} bytes`)
	return new TextDecoder().decode(bytes)
}

function parseJson(endpoint: UpstreamEndpoint, body: string): unknown {
	try {
		return JSON.parse(body)
	} catch {
		const start = body.trimStart().slice(0, 1)
		const what = start === '<' ? 'an HTML page' : 'a body that is not valid JSON'
		throw new UpstreamError('bad-body', endpoint, `expected JSON, got ${what}`)
	}
}

const KNOWN_PROFILE_ERRORS = new Set<string>(['NO_PROFILE', 'PROFILE_PRIVATE', 'NOT_A_MEMBER'])

const profileErrorBodySchema = z.object({ error: z.string() })

const count = z.number().int().nonnegative()

const profileBodySchema = z.object({
	name: z.string().min(1),
	skillvalues: z.array(
		z.object({
			id: z.number().int(),
			level: z.number().int(),
			xp: z.number().nonnegative(),
			rank: z.number().optional(),
		}),
	),
	// The fields below are only for the tracker: missing or odd values are dropped, not fatal.
	totalskill: count.optional().catch(undefined),
	totalxp: count.optional().catch(undefined),
	/** A string with thousands separators ("388,800"), sometimes a number, absent when unranked. */
	rank: z.union([z.string(), z.number()]).optional().catch(undefined),
	questscomplete: count.optional().catch(undefined),
	questsstarted: count.optional().catch(undefined),
	activities: z.array(z.unknown()).optional().catch(undefined),
})

const activitySchema = z.object({ date: z.string(), text: z.string(), details: z.string() })

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const ACTIVITY_DATE = /^(\d{2})-([A-Z][a-z]{2})-(\d{4}) (\d{2}):(\d{2})$/

/** "05-Sep-2024 04:13" → ISO 8601, read as UTC (Jagex's game time); null if not that format. */
function parseActivityDate(text: string): string | null {
	const match = ACTIVITY_DATE.exec(text.trim())
	if (!match) return null
	const [, day, monthName, year, hour, minute] = match
	const month = MONTHS.indexOf(monthName!)
	if (month < 0) return null
	const date = new Date(Date.UTC(Number(year), month, Number(day), Number(hour), Number(minute)))
	// Rejects days that roll over (31-Feb) and hours past 23.
	if (date.getUTCDate() !== Number(day) || date.getUTCHours() !== Number(hour)) return null
	return date.toISOString()
}

function parseActivities(entries: unknown[] | undefined): ProfileActivity[] {
	const activities: ProfileActivity[] = []
	for (const entry of entries ?? []) {
		const parsed = activitySchema.safeParse(entry)
		const date = parsed.success ? parseActivityDate(parsed.data.date) : null
		if (parsed.success && date) activities.push({ ...parsed.data, date })
	}
	return activities
}

/** Upstream ranks: positive numbers (or "1,234" strings); 0, -1 and anything else mean unranked. */
function rankOf(value: string | number | undefined): number | null {
	const number = typeof value === 'string' ? Number(value.replaceAll(',', '')) : value
	return number !== undefined && Number.isInteger(number) && number > 0 ? number : null
}

/** RuneMetrics profile: errors arrive as 200 `{ error }`; xp is in tenths; skills in xp order. */
export function parseProfile(json: unknown): ProfileResult {
	const failed = profileErrorBodySchema.safeParse(json)
	if (failed.success) {
		const state = KNOWN_PROFILE_ERRORS.has(failed.data.error) ? (failed.data.error as ProfileState) : 'PROFILE_UNAVAILABLE'
		return { kind: 'unavailable', state }
	}
	const parsed = profileBodySchema.safeParse(json)
	if (!parsed.success) throw shapeError('profile', parsed.error)
	const body = parsed.data
	const known = body.skillvalues.filter((skill) => skill.id >= 0 && skill.id < SKILLS.length)
	const skills = known.map((skill) => ({
		id: skill.id,
		level: Math.max(1, skill.level),
		xp: Math.floor(skill.xp / 10),
	}))
	const ranks: Array<number | null> = SKILLS.map(() => null)
	for (const skill of known) ranks[skill.id] = rankOf(skill.rank)
	return {
		kind: 'ok',
		name: body.name,
		skills: sortById(skills),
		ranks,
		overall: {
			rank: rankOf(body.rank),
			totalLevel: body.totalskill ?? skills.reduce((sum, skill) => sum + skill.level, 0),
			// Whole XP here (unlike skillvalues): it equals the hiscores' Overall XP.
			totalXp: body.totalxp ?? skills.reduce((sum, skill) => sum + skill.xp, 0),
		},
		questsComplete: body.questscomplete ?? null,
		questsStarted: body.questsstarted ?? null,
		activities: parseActivities(body.activities),
	}
}

const upstreamQuestSchema = playerQuestSchema.extend({
	/** Kept for the tracker's quest points; not part of the lookup's answer. */
	questPoints: z.number().int().min(0).optional().catch(undefined),
})
export type UpstreamQuest = PlayerQuest & { questPoints?: number | undefined }

const questsBodySchema = z.object({ quests: z.array(upstreamQuestSchema) })

/** RuneMetrics quests; unknown and private players get an empty list, not an error. */
export function parseQuests(json: unknown): UpstreamQuest[] {
	const parsed = questsBodySchema.safeParse(json)
	if (!parsed.success) throw shapeError('quests', parsed.error)
	return parsed.data.quests
}

const HISCORES_SKILL_LINE = /^(-?\d+),(-?\d+),(-?\d+)$/

/**
 * `index_lite.ws`: one `rank,level,xp` line for Overall, then one per skill in id order, then
 * `rank,score` activity lines. Unranked skills read `-1,1,-1` (or level 0): we report level 1
 * and 0 xp. XP here is whole XP already.
 */
export function parseHiscoresLite(text: string): { skills: PlayerSkill[] } & TrackedFields {
	const lines = text.trim().split(/\r?\n/)
	const line = (index: number) => {
		const match = HISCORES_SKILL_LINE.exec(lines[index]?.trim() ?? '')
		if (!match) {
			const got = text.trimStart().startsWith('<') ? 'an HTML page' : 'too few or malformed lines'
			throw new UpstreamError('bad-body', 'hiscores', `expected ${SKILLS.length + 1} CSV lines, got ${got}`)
		}
		return { rank: rankOf(Number(match[1])), level: Number(match[2]), xp: Number(match[3]) }
	}
	const overall = line(0)
	const skills: PlayerSkill[] = []
	const ranks: Array<number | null> = []
	for (const skill of SKILLS) {
		const { rank, level, xp } = line(skill.id + 1)
		skills.push({ id: skill.id, level: Math.max(1, level), xp: Math.max(0, xp) })
		ranks.push(rank)
	}
	return {
		skills,
		ranks,
		overall: {
			rank: overall.rank,
			totalLevel: Math.max(0, overall.level),
			totalXp: Math.max(0, overall.xp),
		},
	}
}

function sortById(skills: PlayerSkill[]): PlayerSkill[] {
	return skills.toSorted((a, b) => a.id - b.id)
}

function shapeError(endpoint: UpstreamEndpoint, error: z.ZodError): UpstreamError {
	const issue = error.issues[0]
	const where = issue?.path.length ? issue.path.join('.') : 'body'
	return new UpstreamError('bad-body', endpoint, `unexpected JSON shape at ${where}: ${issue?.message}`)
}
