import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CLAN_RANKS } from '#app/groups/ranks.ts'
import { parseMemberList, type MemberListResult } from './member-list.server.ts'

const sample = readFileSync(new URL('../../../tests/fixtures/clans/members_lite_ok.csv', import.meta.url))
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0))
const HEADER = 'Clanmate, Clan Rank, Total XP, Kills\n'

function members(result: MemberListResult) {
	if (!result.ok) throw new Error(`expected members, got ${result.detail}`)
	return result.members
}

describe('parseMemberList on the sample', () => {
	const parsed = members(parseMemberList(sample))

	it('reads every member with rank, total XP and kills', () => {
		expect(parsed).toHaveLength(13)
		expect(parsed[0]).toEqual({
			name: 'Zezima Jr',
			key: 'zezima jr',
			rank: 'Owner',
			totalXp: 4_312_087_123,
			kills: 12,
		})
		expect(parsed.at(-1)).toEqual({
			name: 'Iron Ann',
			key: 'iron ann',
			rank: 'Recruit',
			totalXp: 87_654_321,
			kills: 0,
		})
	})

	it('turns the 0xA0 bytes in names into plain spaces', () => {
		expect(sample.includes(0xa0)).toBe(true)
		const names = parsed.map((m) => m.name)
		expect(names).toContain('Deputy Dee')
		expect(names).toContain('New Recruit')
		expect(names.join('')).not.toMatch(/[\u00a0\ufffd]/)
	})

	it('recognises all 12 ranks', () => {
		expect(new Set(parsed.map((m) => m.rank))).toEqual(new Set(CLAN_RANKS))
	})

	it('keeps total XP above 2^31 exact', () => {
		expect(parsed.find((m) => m.name === 'Zezima Jr')?.totalXp).toBeGreaterThan(2 ** 31)
	})
})

describe('parseMemberList accepts the variations nobody has ruled out', () => {
	it('a byte-order mark, CRLF line ends, no trailing newline', () => {
		const body = new Uint8Array([0xef, 0xbb, 0xbf, ...latin1('Clanmate, Clan Rank, Total XP, Kills\r\nA\xa0B,Owner,10,0')])
		expect(members(parseMemberList(body))).toEqual([{ name: 'A B', key: 'a b', rank: 'Owner', totalXp: 10, kills: 0 }])
	})
})

describe('parseMemberList refuses anything else, whole', () => {
	const broken: Array<[string, Uint8Array]> = [
		['an empty body', new Uint8Array()],
		['the header alone', latin1(HEADER)],
		['an HTML page', latin1('<!DOCTYPE html><html><head><title>RuneScape</title></head><body><a href="/">Home</a></body></html>')],
		['a wrong header', latin1('Name, Rank, XP, Kills\nA,Owner,1,0\n')],
		['an unknown rank', latin1(`${HEADER}A,Owner,1,0\nB,Chief,1,0\n`)],
		['a missing column', latin1(`${HEADER}A,Owner,1,0\nB,Recruit,1\n`)],
		['an extra column', latin1(`${HEADER}A,Owner,1,0\nB,Recruit,1,0,9\n`)],
		['XP that is not a number', latin1(`${HEADER}A,Owner,1,0\nB,Recruit,lots,0\n`)],
		['negative kills', latin1(`${HEADER}A,Owner,1,0\nB,Recruit,1,-1\n`)],
		['a name too long', latin1(`${HEADER}A,Owner,1,0\nThirteen\xa0chars,Recruit,1,0\n`)],
		['a name with a character no name has', latin1(`${HEADER}A,Owner,1,0\nB\xe9b,Recruit,1,0\n`)],
		['the same member twice', latin1(`${HEADER}A\xa0B,Owner,1,0\na_b,Recruit,1,0\n`)],
		['a body cut inside a quote', latin1(`${HEADER}A,Owner,1,0\n"B,Recr`)],
	]
	it.each(broken)('%s', (_, body) => {
		const result = parseMemberList(body)
		expect(result).toMatchObject({
			ok: false,
			reason: 'no-such-clan-or-upstream-failure',
			message: expect.stringMatching(/No such clan/),
		})
		expect(result).not.toHaveProperty('members')
	})

	it('says what was wrong for the logs', () => {
		expect(parseMemberList(latin1(`${HEADER}A,Owner,1,0\nB,Chief,1,0\n`))).toMatchObject({
			detail: 'line 3: unknown rank "Chief"',
		})
	})
})
