/**
 * The standings as CSV (RFC 4180, CRLF): a header row, then one row per participant in rank
 * order with their team (when there are teams), score, each metric's value and points, and when
 * they were last updated. No data is an empty cell, not 0. A cell starting with = + - @ is
 * prefixed with ' so a spreadsheet never runs it as a formula (team names are anyone's text).
 */
import type { Standing } from './scoring.ts'

type CsvInput = {
	competition: { metrics: readonly { metric: string }[]; teams: readonly { name: string; members: readonly string[] }[] }
	standings: readonly Standing[]
	lastCheckedAt: Record<string, string | null>
}

export function standingsCsv({ competition, standings, lastCheckedAt }: CsvInput): string {
	const hasTeams = competition.teams.length > 0
	const teamOf = new Map(competition.teams.flatMap((team) => team.members.map((key) => [key, team.name] as const)))
	const header = [
		'rank',
		'name',
		...(hasTeams ? ['team'] : []),
		'score',
		...competition.metrics.flatMap(({ metric }) => [metric, `${metric} points`]),
		'last updated',
	]
	const rows = standings.map((standing) => [
		standing.rank,
		standing.name,
		...(hasTeams ? [teamOf.get(standing.key) ?? ''] : []),
		standing.score,
		...standing.parts.flatMap((part) => [part.value, part.points]),
		lastCheckedAt[standing.key] ?? null,
	])
	return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

function cell(value: string | number | null): string {
	if (value === null) return ''
	let text = String(value)
	if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
