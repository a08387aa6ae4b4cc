/**
 * Reads a clan's member list from Jagex (`{CLAN_HISCORES_BASE_URL}/members_lite.ws?clanName=…`).
 * The one upstream call of groups goes through `UpstreamFetch`, passed in, so whoever builds the
 * client decides how upstream is reached (the server: the one upstream gate, at group priority).
 * Anything but the member list's CSV (an error status, a timeout, an HTML page, a body too large)
 * is the parser's one failure: "no such clan, or upstream failure".
 */
import { memberListFailure as failure, parseMemberList, type MemberListResult } from './member-list.server.ts'
import { readCappedBody } from '#app/server/capped-body.server.ts'

/** How groups reach upstream: `fetch`'s shape, so `fetch` itself is one. */
export type UpstreamFetch = (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<Response>

export type ClanClientOptions = {
	baseUrl: string
	timeoutMs: number
	userAgent: string
	upstream: UpstreamFetch
}

/** 500 members of about 40 bytes; a body past this is not a member list. */
const MAX_BODY_BYTES = 256 * 1024

export type ClanClient = (clanName: string) => Promise<MemberListResult>

export function createClanClient(options: ClanClientOptions): ClanClient {
	return async (clanName) => {
		// Jagex's own links spell spaces as `+`, which URLSearchParams writes.
		const url = `${options.baseUrl}/members_lite.ws?${new URLSearchParams({ clanName })}`
		const signal = AbortSignal.timeout(options.timeoutMs)
		try {
			const response = await options.upstream(url, { headers: { accept: 'text/csv, */*', 'user-agent': options.userAgent }, signal })
			if (!response.ok) {
				await response.body?.cancel()
				return failure(`HTTP ${response.status}`)
			}
			const body = await readCappedBody(response, MAX_BODY_BYTES)
			return body ? parseMemberList(body) : failure(`body larger than ${MAX_BODY_BYTES} bytes`)
		} catch (error) {
			if (signal.aborted) return failure(`no answer within ${options.timeoutMs / 1000}s`)
			const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
			return failure(cause instanceof Error ? cause.message : String(cause))
		}
	}
}
