/**
 * A new competition as the API and the form send it, checked: every error names its field
 * (`endsAt`, `metrics.1.weight`, `participants.3`) so the answer can be a 400 that says which.
 */
import { z } from 'zod'
import { parsePlayerName } from '#app/player/username-schema.ts'
import type { PlayerName } from '#app/player/username.ts'
import { metricName, parseMetric, type Metric } from './metrics.ts'

const DAY_MS = 86_400_000
export const MAX_DAYS = 90
export const MAX_PARTICIPANTS = 500
const MAX_METRICS = 10
const MAX_TEAMS = 50

const playerName = z.string({ error: 'Expected a RuneScape name.' }).transform((raw, ctx): PlayerName => {
	const parsed = parsePlayerName(raw)
	if (parsed.success) return parsed.data
	ctx.addIssue({ code: 'custom', message: parsed.message })
	return z.NEVER
})

const nameList = z
	.array(playerName)
	.max(MAX_PARTICIPANTS, { error: `At most ${MAX_PARTICIPANTS} participants.` })
	.superRefine((names, ctx) => {
		const seen = new Set<string>()
		names.forEach((player, index) => {
			if (seen.has(player.key))
				ctx.addIssue({
					code: 'custom',
					path: [index],
					message: `"${player.name}" is listed twice.`,
				})
			seen.add(player.key)
		})
	})

const utcTime = z.iso
	.datetime({ offset: true, error: 'Expected a date and time such as 2026-12-01T18:00:00Z.' })
	.transform((text) => new Date(text))

const metric = z.string({ error: 'Expected a metric name.' }).transform((raw, ctx): Metric => {
	const parsed = parseMetric(raw)
	if (parsed.ok) return parsed.metric
	ctx.addIssue({ code: 'custom', message: parsed.message })
	return z.NEVER
})

const competitionInputSchema = z
	.object({
		title: z.string({ error: 'Expected a title.' }).trim().min(1, 'Give the competition a title.').max(80, 'At most 80 characters.'),
		startsAt: utcTime,
		endsAt: utcTime,
		metrics: z
			.array(
				z.object({
					metric,
					weight: z
						.number({ error: 'Expected a number.' })
						.positive('A weight must be above 0.')
						.max(1_000_000, 'At most 1,000,000.')
						.default(1),
				}),
			)
			.min(1, 'Choose at least one metric.')
			.max(MAX_METRICS, `At most ${MAX_METRICS} metrics.`)
			.superRefine((metrics, ctx) => {
				const seen = new Set<string>()
				metrics.forEach(({ metric }, index) => {
					const name = metricName(metric)
					if (seen.has(name))
						ctx.addIssue({
							code: 'custom',
							path: [index, 'metric'],
							message: `"${name}" is listed twice.`,
						})
					seen.add(name)
				})
			}),
		/** A group's competition: all its members, or those in `participants`. */
		groupId: z.number({ error: 'Expected a group id.' }).int().positive().optional(),
		participants: nameList.optional(),
		teams: z
			.array(
				z.object({
					name: z.string({ error: 'Expected a team name.' }).trim().min(1, 'Give the team a name.').max(40, 'At most 40 characters.'),
					participants: nameList.min(1, 'A team needs at least one participant.'),
				}),
			)
			.min(2, 'Teams need at least two teams.')
			.max(MAX_TEAMS, `At most ${MAX_TEAMS} teams.`)
			.optional(),
	})
	.superRefine(
		(input, ctx) => {
			// Runs even when a field failed (`when`; its raw value is then left in place): only what parsed
			// is looked at, so a bad name and an end before the start are both reported.
			if (input.startsAt instanceof Date && input.endsAt instanceof Date) {
				const length = input.endsAt.getTime() - input.startsAt.getTime()
				if (length <= 0)
					ctx.addIssue({
						code: 'custom',
						path: ['endsAt'],
						message: 'The end must be after the start.',
					})
				else if (length > MAX_DAYS * DAY_MS)
					ctx.addIssue({
						code: 'custom',
						path: ['endsAt'],
						message: `A competition lasts at most ${MAX_DAYS} days.`,
					})
			}
			if (input.groupId === undefined && input.participants === undefined && input.teams === undefined)
				ctx.addIssue({
					code: 'custom',
					path: ['participants'],
					message: 'Give a group or a list of participants.',
				})
			if (input.groupId === undefined && input.participants?.length === 0)
				ctx.addIssue({
					code: 'custom',
					path: ['participants'],
					message: 'List at least one participant.',
				})
			checkTeams(input, ctx)
		},
		{ when: (payload) => typeof payload.value === 'object' && payload.value !== null },
	)

/**
 * Teams: each player in one team at most; with a participant list, every listed player in a team
 * and no one else. Without a list, the teams are the participants (a group's teams are checked
 * against its members by the server, which knows them).
 */
function checkTeams(
	input: {
		participants?: PlayerName[] | undefined
		teams?: { participants: PlayerName[] }[] | undefined
	},
	ctx: z.RefinementCtx,
) {
	if (!Array.isArray(input.teams)) return
	const participants = Array.isArray(input.participants) ? input.participants : undefined
	const listed = participants && new Set(participants.map((player) => player?.key))
	const inTeam = new Map<string, number>()
	input.teams.forEach((team, teamIndex) => {
		if (!Array.isArray(team?.participants)) return
		team.participants.forEach((player, index) => {
			if (typeof player?.key !== 'string') return
			const path = ['teams', teamIndex, 'participants', index]
			const other = inTeam.get(player.key)
			if (other !== undefined && other !== teamIndex)
				ctx.addIssue({
					code: 'custom',
					path,
					message: `"${player.name}" is already in team ${other + 1}.`,
				})
			else if (listed && !listed.has(player.key))
				ctx.addIssue({
					code: 'custom',
					path,
					message: `"${player.name}" is not in the participants.`,
				})
			inTeam.set(player.key, teamIndex)
		})
	})
	participants?.forEach((player, index) => {
		if (typeof player?.key === 'string' && !inTeam.has(player.key))
			ctx.addIssue({
				code: 'custom',
				path: ['participants', index],
				message: `"${player.name}" is in no team.`,
			})
	})
	if (inTeam.size > MAX_PARTICIPANTS)
		ctx.addIssue({
			code: 'custom',
			path: ['teams'],
			message: `At most ${MAX_PARTICIPANTS} participants.`,
		})
}

export type CompetitionInput = z.output<typeof competitionInputSchema>

export type InputError = { path: string; message: string }

/** The competition, or every error with its field's path (`metrics.0.weight`; '' for the whole body). */
export function parseCompetitionInput(raw: unknown): { ok: true; competition: CompetitionInput } | { ok: false; errors: InputError[] } {
	const parsed = competitionInputSchema.safeParse(raw)
	if (parsed.success) return { ok: true, competition: parsed.data }
	return {
		ok: false,
		errors: parsed.error.issues.map((issue) => ({
			path: issue.path.join('.'),
			message: issue.message,
		})),
	}
}

const balanceInputSchema = z
	.object({
		participants: nameList.min(2, { error: 'List at least 2 participants.' }),
		teams: z
			.number({ error: 'Expected a number of teams.' })
			.int('Expected a whole number of teams.')
			.min(2, 'At least 2 teams.')
			.max(MAX_TEAMS, `At most ${MAX_TEAMS} teams.`),
	})
	.strict()
	.refine((input) => input.teams <= input.participants.length, { path: ['teams'], message: 'No more teams than participants.' })

/** The auto-balance action's input: `{participants: [names], teams: N}`. */
export function parseBalanceInput(
	raw: unknown,
): { ok: true; input: z.output<typeof balanceInputSchema> } | { ok: false; errors: InputError[] } {
	const parsed = balanceInputSchema.safeParse(raw)
	if (parsed.success) return { ok: true, input: parsed.data }
	return { ok: false, errors: parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message })) }
}
