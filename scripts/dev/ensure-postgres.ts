/**
 * A throwaway PostgreSQL for `npm test`: the tracker's contract kit and the two-instance browser
 * tests run against it as well as against PGlite. Finds Debian's server binaries (installing the
 * `postgresql` package when missing and we may: root with apt), creates a cluster in a temporary
 * folder and starts it on a free loopback port. PostgreSQL refuses to run as root, so as root the
 * cluster belongs to the `postgres` user the package creates.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { freePort } from '#tests/fixtures/free-port.ts'
import { aptInstall } from './apt-install.ts'

export type ThrowawayPostgres = { url: string; stop(): void }

function findBinDir(): string | undefined {
	const candidates = [process.env.POSTGRES_BIN_DIR]
	try {
		const versions = readdirSync('/usr/lib/postgresql').toSorted((a, b) => Number(b) - Number(a))
		candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`))
	} catch {
		// no Debian PostgreSQL
	}
	return candidates.find((dir): dir is string => {
		if (!dir) return false
		try {
			accessSync(path.join(dir, 'initdb'), constants.X_OK)
			accessSync(path.join(dir, 'pg_ctl'), constants.X_OK)
			return true
		} catch {
			return false
		}
	})
}

function ensureBinDir(log: (line: string) => void): string {
	const found = findBinDir()
	if (found) return found
	if (!aptInstall('postgresql', log)) {
		throw new Error(
			"No PostgreSQL server found. Install Debian's postgresql (`sudo apt-get install -y postgresql`) or set POSTGRES_BIN_DIR.",
		)
	}
	const installed = findBinDir()
	if (!installed) throw new Error('apt-get installed postgresql, but no /usr/lib/postgresql/*/bin/initdb is there.')
	return installed
}

export async function startThrowawayPostgres(log: (line: string) => void = console.log): Promise<ThrowawayPostgres> {
	const bin = ensureBinDir(log)
	const root = process.getuid?.() === 0
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-postgres-'))
	const dataDir = path.join(dir, 'data')
	// As root, everything runs as the `postgres` user, who must own the folder.
	const owner = root
		? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
		: undefined
	if (owner) chownSync(dir, owner.uid, owner.gid)
	const as = (command: string, args: string[]) =>
		root
			? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
			: execFileSync(command, args, { stdio: 'pipe' })
	const port = await freePort()
	as(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'app', '--no-sync'])
	as(path.join(bin, 'pg_ctl'), [
		'-D',
		dataDir,
		'-w',
		'-l',
		path.join(dir, 'log'),
		'-o',
		`-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off`,
		'start',
	])
	let stopped = false
	return {
		url: `postgres://app@127.0.0.1:${port}/postgres`,
		stop() {
			if (stopped) return
			stopped = true
			try {
				as(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-m', 'immediate', 'stop'])
			} finally {
				rmSync(dir, { recursive: true, force: true })
			}
		},
	}
}

// `npx tsx scripts/dev/ensure-postgres.ts`: starts one, prints its URL, stops it on Ctrl-C.
// `… ensure-postgres.ts -- COMMAND ARGS…` (CI): runs the command with TEST_DATABASE_URL set, then stops it.
if (import.meta.url === `file://${process.argv[1]}`) {
	const dashes = process.argv.indexOf('--')
	const command = dashes >= 0 ? process.argv.slice(dashes + 1) : []
	try {
		const postgres = await startThrowawayPostgres()
		if (command.length > 0) {
			const result = spawnSync(command[0]!, command.slice(1), {
				stdio: 'inherit',
				env: { ...process.env, TEST_DATABASE_URL: postgres.url },
			})
			postgres.stop()
			process.exit(result.status ?? 1)
		}
		console.log(`${postgres.url} (as ${userInfo().username}; Ctrl-C stops it)`)
		const stop = () => {
			postgres.stop()
			process.exit(0)
		}
		process.on('SIGINT', stop)
		process.on('SIGTERM', stop)
		setInterval(() => {}, 1 << 30)
	} catch (error) {
		console.error((error as Error).message)
		process.exit(1)
	}
}
