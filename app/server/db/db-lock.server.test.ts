import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, expect, test } from 'vitest'
import { openDatabase } from './database.server.ts'
import { DatabaseLockedError, holdDatabaseLock, lockOwner, lockPath, releaseDatabaseLocks } from './db-lock.server.ts'

const dirs: string[] = []
const children: ChildProcess[] = []
afterEach(() => releaseDatabaseLocks())
afterAll(() => {
	for (const child of children) child.kill('SIGKILL')
	for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function dbDir(): string {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-lock-'))
	dirs.push(dir)
	return path.join(dir, 'db')
}

/** A live process other than this one, and its start time as the lock records it. */
async function otherProcess(): Promise<{ pid: number; started: string }> {
	const child = spawn('sleep', ['60'], { stdio: 'ignore' })
	children.push(child)
	await new Promise((resolve) => child.once('spawn', resolve))
	const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
	return { pid: child.pid!, started: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]! }
}

const writeOwner = (dir: string, owner: object) => writeFileSync(lockPath(dir), JSON.stringify(owner))

test('the lock names its owner; taking it again in the same process is allowed; releasing removes it', () => {
	const dir = dbDir()
	holdDatabaseLock(dir, 'the server on port 3000')
	holdDatabaseLock(dir, 'the server on port 3000')
	expect(lockOwner(dir)).toMatchObject({ pid: process.pid, what: 'the server on port 3000' })
	releaseDatabaseLocks()
	expect(existsSync(lockPath(dir))).toBe(false)
	expect(lockOwner(dir)).toBeUndefined()
})

test('a second opener is refused with the live owner named, and the lock is left alone', async () => {
	const dir = dbDir()
	const other = await otherProcess()
	writeOwner(dir, { pid: other.pid, started: other.started, what: 'the server on port 4321' })
	expect(() => holdDatabaseLock(dir, 'npm run db -- status')).toThrow(
		new RegExp(`is in use by the server on port 4321 \\(pid ${other.pid}\\)`),
	)
	expect(() => holdDatabaseLock(dir, 'x')).toThrow(DatabaseLockedError)
	// Opening the folder goes through the lock: nothing is created under a live owner.
	await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`pid ${other.pid}`)
	expect(existsSync(dir)).toBe(false)
	expect(lockOwner(dir)?.pid).toBe(other.pid)
})

test('a lock left by a process that has stopped is taken over', async () => {
	const dir = dbDir()
	const child = spawn('true', { stdio: 'ignore' })
	await new Promise((resolve) => child.once('exit', resolve))
	writeOwner(dir, { pid: child.pid, started: null, what: 'npm run db -- backup' })
	expect(lockOwner(dir)).toBeUndefined()
	holdDatabaseLock(dir, 'the server on port 3000')
	expect(lockOwner(dir)).toMatchObject({ pid: process.pid, what: 'the server on port 3000' })
})

test('a live pid with another start time (the pid was reused) or an unreadable lock is taken over', async () => {
	const dir = dbDir()
	const other = await otherProcess()
	writeOwner(dir, { pid: other.pid, started: `${other.started}1`, what: 'an old server' })
	holdDatabaseLock(dir, 'me')
	expect(lockOwner(dir)?.pid).toBe(process.pid)
	releaseDatabaseLocks()
	writeFileSync(lockPath(dir), '{ half written')
	holdDatabaseLock(dir, 'me')
	expect(lockOwner(dir)?.pid).toBe(process.pid)
})
