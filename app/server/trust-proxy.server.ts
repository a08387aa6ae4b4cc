import { isIP } from 'node:net'

/**
 * `TRUST_PROXY`: which hops of `X-Forwarded-For` were written by our own proxies. Off, a number of
 * proxies in front of the server, or the proxies' addresses. Only what those proxies appended is
 * believed; everything to its left was written by the client and may be anything. The HTTP layer
 * applies it (server/client-address.ts).
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] }

// The names Express's `trust proxy` accepts, as subnets.
export const NAMED_SUBNETS: Record<string, string[]> = {
	loopback: ['127.0.0.1/8', '::1/128'],
	linklocal: ['169.254.0.0/16', 'fe80::/10'],
	uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** Parses the variable; a string is the reason it is not valid. */
export function parseTrustProxy(raw: string): TrustProxy | string {
	const value = raw.trim().toLowerCase()
	if (['', '0', 'false', 'no', 'off'].includes(value)) return false
	if (/^\d+$/.test(value)) {
		const hops = Number(value)
		return hops <= 10 ? { hops } : 'must be a number of proxies from 0 to 10, or their addresses'
	}
	if (['true', 'yes', 'on'].includes(value)) {
		return (
			'"true" would believe any X-Forwarded-For a client sends: give the number of proxies in front ' +
			'of the server (usually 1) or their addresses (IPs, CIDR subnets, loopback, uniquelocal)'
		)
	}
	const proxies = value
		.split(',')
		.map((item) => item.trim())
		.filter(Boolean)
	const bad = proxies.filter((item) => !NAMED_SUBNETS[item] && subnetOf(item) === null)
	if (bad.length > 0) return `not a proxy address or subnet: ${bad.join(', ')}`
	return { proxies }
}

/** An IP address or CIDR subnet, split; null when it is neither. */
export function subnetOf(item: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
	const [address = '', prefixText] = item.split('/')
	const version = isIP(address)
	if (version === 0) return null
	const family = version === 4 ? 'ipv4' : 'ipv6'
	const bits = version === 4 ? 32 : 128
	if (prefixText === undefined) return { address, prefix: bits, family }
	const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN
	return prefix >= 0 && prefix <= bits ? { address, prefix, family } : null
}
