import { expect, test } from 'vitest'
import { parseTrustProxy } from '#app/server/trust-proxy.server.ts'
import type { IncomingMessage } from 'node:http'
import { clientAddressFrom, clientKey, limitKey, trustFunction } from './client-address.ts'

const address = (setting: string, socket: string, forwarded?: string | string[]) => {
	const parsed = parseTrustProxy(setting)
	if (typeof parsed === 'string') throw new Error(parsed)
	return clientAddressFrom(socket, forwarded, trustFunction(parsed))
}

test('off: X-Forwarded-For is ignored, the socket is the client', () => {
	expect(address('', '192.0.2.1', '198.51.100.9')).toBe('192.0.2.1')
	expect(address('0', '192.0.2.1', '198.51.100.9')).toBe('192.0.2.1')
	expect(address('false', '::ffff:192.0.2.1', '198.51.100.9')).toBe('192.0.2.1')
})

test('one proxy: the right-most hop is the client, whatever the client put to its left', () => {
	expect(address('1', '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7')
	expect(address('1', '10.0.0.2', 'spoofed, 198.51.100.1, 203.0.113.7')).toBe('203.0.113.7')
	expect(address('1', '10.0.0.2', ['spoofed', '203.0.113.7'])).toBe('203.0.113.7')
	// No header: the proxy itself is the client (a health check).
	expect(address('1', '10.0.0.2')).toBe('10.0.0.2')
})

test('two proxies: the second hop from the right', () => {
	expect(address('2', '10.0.0.2', 'spoofed, 203.0.113.7, 10.0.0.1')).toBe('203.0.113.7')
	// Fewer hops than proxies: the left-most there is.
	expect(address('2', '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7')
})

test('proxy addresses: hops are believed only while they are our proxies', () => {
	const setting = '127.0.0.1, 10.0.0.0/8'
	expect(address(setting, '127.0.0.1', 'spoofed, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7')
	// A connection from elsewhere is the client itself; its header means nothing.
	expect(address(setting, '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4')
	expect(address('loopback', '::1', '203.0.113.7')).toBe('203.0.113.7')
	expect(address('uniquelocal', '192.168.1.10', '172.16.0.1, 203.0.113.7')).toBe('203.0.113.7')
	expect(address('loopback', '::ffff:127.0.0.1', '203.0.113.7')).toBe('203.0.113.7')
	expect(address('fd00::/8', 'fd00::1', '2001:db8::5')).toBe('2001:db8::5')
})

test('bad settings are refused with the reason', () => {
	expect(parseTrustProxy('true')).toMatch(/number of proxies/)
	expect(parseTrustProxy('yes')).toMatch(/number of proxies/)
	expect(parseTrustProxy('11')).toMatch(/from 0 to 10/)
	expect(parseTrustProxy('10.0.0.0/33')).toMatch(/not a proxy address or subnet: 10.0.0.0\/33/)
	expect(parseTrustProxy('proxy.example')).toMatch(/proxy.example/)
	expect(parseTrustProxy('3')).toEqual({ hops: 3 })
	expect(parseTrustProxy(' 127.0.0.1 , loopback ')).toEqual({ proxies: ['127.0.0.1', 'loopback'] })
})

test('limit keys: IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
	expect(limitKey('203.0.113.7')).toBe('203.0.113.7')
	expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
	expect(limitKey('::FFFF:cb00:7107')).toBe('203.0.113.7')
	expect(limitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
	// Every address of one /64 is one client, however it is written.
	for (const same of ['2001:db8:1:2::9', '2001:0DB8:0001:0002:ffff::', '2001:db8:1:2:0:0:1.2.3.4', '2001:db8:1:2::1%eth0']) {
		expect(limitKey(same)).toBe('2001:db8:1:2::/64')
	}
	expect(limitKey('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64')
	expect(limitKey('::1')).toBe('0:0:0:0::/64')
	expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
	// Not an address (no socket address, a proxy that wrote nonsense): kept as it is.
	expect(limitKey('unknown')).toBe('unknown')
	expect(limitKey('spoofed')).toBe('spoofed')
})

test('the limit key of a request behind a proxy is the /64 of the client it names', () => {
	const parsed = parseTrustProxy('1')
	if (typeof parsed === 'string') throw new Error(parsed)
	const req = (forwarded: string) =>
		({ socket: { remoteAddress: '10.0.0.2' }, headers: { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage
	expect(clientKey(req('2001:db8:aa:bb::1'), trustFunction(parsed))).toBe('2001:db8:aa:bb::/64')
	expect(clientKey(req('2001:db8:aa:bb:ffff:1:2:3'), trustFunction(parsed))).toBe('2001:db8:aa:bb::/64')
	expect(clientKey(req('198.51.100.4'), trustFunction(parsed))).toBe('198.51.100.4')
})
