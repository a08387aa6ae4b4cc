/**
 * Jagex's clan member list (`members_lite.ws?clanName=…`): ISO-8859-1 CSV, a header line
 * `Clanmate, Clan Rank, Total XP, Kills`, then one member a line, spaces in names as byte 0xA0.
 * What an unknown clan gets is not confirmed (an empty body, the header alone, an HTML page have
 * all been reported), so anything that is not that CSV with at least one member is one failure:
 * "no such clan, or upstream failure", and no member is returned from a body that failed.
 */
import { CsvError, parse } from 'csv-parse/sync'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { isClanRank } from '#app/groups/ranks.ts'
import type { RosterMember } from '#app/groups/roster-diff.ts'

/** `name` and `key` as every player name (`normalisePlayerName`): 0xA0 and `_` become spaces. */
type ClanMember = RosterMember & { kills: number }

export type MemberListResult =
	| { ok: true; members: ClanMember[] }
	| {
			ok: false
			reason: 'no-such-clan-or-upstream-failure'
			message: string
			/** What was wrong with the body, for logs (never shown as is). */
			detail: string
	  }

const HEADER = ['Clanmate', 'Clan Rank', 'Total XP', 'Kills']
const UTF8_BOM = [0xef, 0xbb, 0xbf]
const MESSAGE = 'No such clan, or RuneScape did not answer with its member list.'

class BadBody extends Error {}

/** The one failure: `detail` says what went wrong, for logs. */
export function memberListFailure(detail: string): MemberListResult {
	return { ok: false, reason: 'no-such-clan-or-upstream-failure', message: MESSAGE, detail }
}

export function parseMemberList(body: Uint8Array): MemberListResult {
	try {
		return { ok: true, members: readMembers(body) }
	} catch (error) {
		if (error instanceof BadBody || error instanceof CsvError) return memberListFailure(error.message)
		throw error
	}
}

function readMembers(body: Uint8Array): ClanMember[] {
	const start = UTF8_BOM.every((byte, i) => body[i] === byte) ? UTF8_BOM.length : 0
	const text = new TextDecoder('latin1').decode(body.subarray(start))
	const rows = parse(text, { trim: true, skip_empty_lines: true }) as string[][]
	const [header, ...lines] = rows
	if (!header || header.join(',') !== HEADER.join(','))
		throw new BadBody(`not the member list's header: ${JSON.stringify(text.slice(0, 60))}`)
	if (lines.length === 0) throw new BadBody('the header and no member')
	const members = lines.map((row, i) => readMember(row, i + 2))
	const keys = new Set(members.map((m) => m.key))
	if (keys.size !== members.length) throw new BadBody('a member is listed twice')
	return members
}

function readMember(row: string[], line: number): ClanMember {
	const [rawName, rank, totalXp, kills] = row
	// TextDecoder's latin1 is windows-1252, which keeps 0xA0 as U+00A0.
	const player = parsePlayerName((rawName ?? '').replaceAll('\u00a0', ' '))
	if (!player.success) throw new BadBody(`line ${line}: ${player.message}`)
	if (rank === undefined || !isClanRank(rank)) throw new BadBody(`line ${line}: unknown rank ${JSON.stringify(rank)}`)
	return { ...player.data, rank, totalXp: count(totalXp, line), kills: count(kills, line) }
}

function count(value: string | undefined, line: number): number {
	const number = Number(value)
	if (value === undefined || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(number)) {
		throw new BadBody(`line ${line}: ${JSON.stringify(value)} is not a count`)
	}
	return number
}
