import { z } from 'zod'
import { trimTrailingSlashes } from '#app/lib/url-path.ts'
import {
	playerQuestSchema,
	type PlayerQuest,
	type PlayerSkill,
	type ProfileState,
} from '#app/player/types.ts'
import { SKILLS } from '#app/lib/skills.ts'

export type UpstreamEndpoint = 'profile' | 'quests' | 'hiscores'

/**
 * - timeout: no complete answer within the timeout
 * - unreachable: connection refused, reset, DNS failure
 * - bad-status: an HTTP status we do not expect (5xx, Cloudflare 52x, 403, …)
 * - bad-body: HTML, truncated or otherwise unreadable body
 * - too-large: body over the size cap
 */
export type UpstreamFailure = 'timeout' | 'unreachable' | 'bad-status' | 'bad-body' | 'too-large'

export class UpstreamError extends Error {
	readonly kind: UpstreamFailure
	readonly endpoint: UpstreamEndpoint

	constructor(kind: UpstreamFailure, endpoint: UpstreamEndpoint, message: string) {
		super(`${endpoint}: ${message}`)
		this.name = 'UpstreamError'
		this.kind = kind
		this.endpoint = endpoint
	}
}

export type ProfileResult =
	{ kind: 'ok'; name: string; skills: PlayerSkill[] } | { kind: 'unavailable'; state: ProfileState }

export type HiscoresResult = { kind: 'ok'; skills: PlayerSkill[] } | { kind: 'not-found' }

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
	quests(name: string): Promise<PlayerQuest[]>
	hiscores(name: string): Promise<HiscoresResult>
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
			// The query the RuneMetrics app itself sends; the activities are ignored.
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
			return { kind: 'ok', skills: parseHiscoresLite(body) }
		},
	}
}

type FetchOptions = { accept: string; userAgent: string; timeoutMs: number; maxBodyBytes: number }

/**
 * GET with a hard deadline that covers the body too, and a size cap. Resolves for 2xx, and for
 * 404 from the hiscores (its "no such player" answer, body not read); throws UpstreamError for
 * everything else.
 */
async function fetchUpstream(
	endpoint: UpstreamEndpoint,
	url: string,
	options: FetchOptions,
): Promise<{ status: number; body: string }> {
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
			throw new UpstreamError('bad-status', endpoint, `HTTP ${response.status}`)
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

async function readCapped(
	endpoint: UpstreamEndpoint,
	response: Response,
	maxBytes: number,
): Promise<string> {
	const tooLarge = () =>
		new UpstreamError('too-large', endpoint, `body larger than ${maxBytes} bytes`)
	const declared = Number(response.headers.get('content-length') ?? Number.NaN)
	if (declared > maxBytes) {
		await response.body?.cancel()
		throw tooLarge()
	}
	if (!response.body) return ''
	const reader = response.body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		total += value.byteLength
		if (total > maxBytes) {
			await reader.cancel()
			throw tooLarge()
		}
		chunks.push(value)
	}
	return new TextDecoder().decode(Buffer.concat(chunks))
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

const profileBodySchema = z.object({
	name: z.string().min(1),
	skillvalues: z.array(
		z.object({
			id: z.number().int(),
			level: z.number().int(),
			xp: z.number().nonnegative(),
		}),
	),
})

/** RuneMetrics profile: errors arrive as 200 `{ error }`; xp is in tenths; skills in xp order. */
export function parseProfile(json: unknown): ProfileResult {
	const failed = profileErrorBodySchema.safeParse(json)
	if (failed.success) {
		const state = KNOWN_PROFILE_ERRORS.has(failed.data.error)
			? (failed.data.error as ProfileState)
			: 'PROFILE_UNAVAILABLE'
		return { kind: 'unavailable', state }
	}
	const parsed = profileBodySchema.safeParse(json)
	if (!parsed.success) throw shapeError('profile', parsed.error)
	const skills = parsed.data.skillvalues
		.filter((skill) => skill.id >= 0 && skill.id < SKILLS.length)
		.map((skill) => ({
			id: skill.id,
			level: Math.max(1, skill.level),
			xp: Math.floor(skill.xp / 10),
		}))
	return { kind: 'ok', name: parsed.data.name, skills: sortById(skills) }
}

const questsBodySchema = z.object({ quests: z.array(playerQuestSchema) })

/** RuneMetrics quests; unknown and private players get an empty list, not an error. */
export function parseQuests(json: unknown): PlayerQuest[] {
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
export function parseHiscoresLite(text: string): PlayerSkill[] {
	const lines = text.trim().split(/\r?\n/)
	const skills: PlayerSkill[] = []
	for (const skill of SKILLS) {
		// Line 0 is Overall.
		const match = HISCORES_SKILL_LINE.exec(lines[skill.id + 1]?.trim() ?? '')
		if (!match) {
			const got = text.trimStart().startsWith('<') ? 'an HTML page' : 'too few or malformed lines'
			throw new UpstreamError(
				'bad-body',
				'hiscores',
				`expected ${SKILLS.length + 1} CSV lines, got ${got}`,
			)
		}
		skills.push({
			id: skill.id,
			level: Math.max(1, Number(match[2])),
			xp: Math.max(0, Number(match[3])),
		})
	}
	return skills
}

function sortById(skills: PlayerSkill[]): PlayerSkill[] {
	return skills.toSorted((a, b) => a.id - b.id)
}

function shapeError(endpoint: UpstreamEndpoint, error: z.ZodError): UpstreamError {
	const issue = error.issues[0]
	const where = issue?.path.length ? issue.path.join('.') : 'body'
	return new UpstreamError(
		'bad-body',
		endpoint,
		`unexpected JSON shape at ${where}: ${issue?.message}`,
	)
}
