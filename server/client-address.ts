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
	const hops = [socket, ...forwarded.split(',').map((hop) => hop.trim()).filter(Boolean).reverse()]
	for (let index = 0; index < hops.length - 1; index++) {
		if (!trust(hops[index]!, index)) return plainAddress(hops[index]!)
	}
	return plainAddress(hops[hops.length - 1]!)
}

/** The address a request came from (see `clientAddressFrom`). */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string {
	return clientAddressFrom(req.socket.remoteAddress, req.headers['x-forwarded-for'], trust)
}
