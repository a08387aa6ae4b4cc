/**
 * Finds Debian's `redis-server` for the two-instance tests (tests/e2e/shared-state.test.ts),
 * installing the `redis-server` package when it is missing and we may (root with apt).
 * Prints the path; exits non-zero with a clear message when none can be had.
 */
import { accessSync, constants } from 'node:fs'
import { aptInstall } from './apt-install.ts'

export function findRedisServer(): string | undefined {
	const candidates = [process.env.REDIS_SERVER_PATH, '/usr/bin/redis-server', '/usr/local/bin/redis-server']
	return candidates.find((path): path is string => {
		if (!path) return false
		try {
			accessSync(path, constants.X_OK)
			return true
		} catch {
			return false
		}
	})
}

export function ensureRedis(log: (line: string) => void = console.log): string {
	const found = findRedisServer()
	if (found) return found
	if (!aptInstall('redis-server', log)) {
		throw new Error(
			"No redis-server found. Install Debian's redis-server (`sudo apt-get install -y redis-server`) or set REDIS_SERVER_PATH.",
		)
	}
	const installed = findRedisServer()
	if (!installed) throw new Error('apt-get installed redis-server, but /usr/bin/redis-server is still missing.')
	return installed
}

if (import.meta.url === `file://${process.argv[1]}`) {
	try {
		console.log(ensureRedis())
	} catch (error) {
		console.error((error as Error).message)
		process.exit(1)
	}
}
