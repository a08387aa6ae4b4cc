import { expect, test } from 'vitest'
import { parseTrustProxy } from '#app/server/trust-proxy.server.ts'
import { clientAddressFrom, trustFunction } from './client-address.ts'

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
