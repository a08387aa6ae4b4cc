import type { IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'
import { NAMED_SUBNETS, subnetOf, type TrustProxy } from '#app/server/trust-proxy.server.ts'

/**
 * Is the hop at `address`, `index` hops from the server (0 = the socket's peer), one of our
 * proxies? The signature of Express's `trust proxy` function, so `req.ip` and `req.protocol` agree.
 */
export type TrustFunction = (address: string, index: number) => boolean

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is `192.0.2.1`. */
function plainAddress(address: string): string {
	return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address
}

export function trustFunction(setting: TrustProxy): TrustFunction {
	if (setting === false) return () => false
	if ('hops' in setting) {
		const { hops } = setting
		return (_address, index) => index < hops
	}
	const list = new BlockList()
	for (const item of setting.proxies.flatMap((entry) => NAMED_SUBNETS[entry] ?? [entry])) {
		const subnet = subnetOf(item)
		if (subnet) list.addSubnet(subnet.address, subnet.prefix, subnet.family)
	}
	return (address) => {
		const plain = plainAddress(address)
		const version = isIP(plain)
		return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6')
	}
}

/**
 * The client's address, as Express's `req.ip` works it out with a `trust proxy` function: walk
 * from the socket's peer leftwards through `X-Forwarded-For` while the hop is one of our proxies;
 * the first hop that is not is the client. A client can add hops on the left, never on the right.
 */
export function clientAddressFrom(
	socketAddress: string | undefined,
	forwardedFor: string | string[] | undefined,
	trust: TrustFunction,
): string {
	const socket = plainAddress(socketAddress || 'unknown')
	const forwarded = [forwardedFor ?? []].flat().join(',')
	if (!forwarded) return socket
	const hops = [
		socket,
		...forwarded
			.split(',')
			.map((hop) => hop.trim())
			.filter(Boolean)
			.reverse(),
	]
	for (let index = 0; index < hops.length - 1; index++) {
		if (!trust(hops[index]!, index)) return plainAddress(hops[index]!)
	}
	return plainAddress(hops[hops.length - 1]!)
}

/**
 * What limits count a client by: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an
 * IPv6 address by its /64 prefix, since one subscriber usually gets a whole /64 and could
 * otherwise take a fresh address for every try. Anything else (`unknown`) is kept as it is.
 */
export function limitKey(address: string): string {
	const plain = plainAddress(address)
	if (isIP(plain) !== 6) return plain
	const groups = ipv6Groups(plain.replace(/%.*$/, ''))
	if (!groups) return plain
	if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
		return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
	}
	return `${groups
		.slice(0, 4)
		.map((group) => group.toString(16))
		.join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] | null {
	const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address)
	let text = address
	if (dotted) {
		const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
		text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const [head, tail] = text.split('::') as [string, string | undefined]
	const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
	const left = parse(head)
	const right = parse(tail ?? '')
	const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
	return groups.length === 8 ? groups : null
}

/** The limit key of the client a request came from (`clientAddressFrom`, then `limitKey`). */
export function clientKey(req: IncomingMessage, trust: TrustFunction): string {
	return limitKey(clientAddressFrom(req.socket.remoteAddress, req.headers['x-forwarded-for'], trust))
}
