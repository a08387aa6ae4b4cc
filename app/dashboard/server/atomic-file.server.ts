import { randomBytes } from 'node:crypto'
import { link, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

const TEMP_FILE = /^\..+\.\d+\.[0-9a-f]{12}\.tmp$/
/** A write takes milliseconds: a temporary file this old was left by a process that died mid-write. */
const STALE_TEMP_MS = 60_000

/**
 * Writes `data` to `path` so that `path` is either absent, its old content, or all of the new
 * content, never a torn or empty file (a full disk, a crash): the data goes to a temporary file in
 * the same directory, is fsynced, then renamed over `path` (or, with `exclusive`, linked to it,
 * which fails with EEXIST when `path` exists, like the `wx` flag), and the directory is fsynced so
 * the new name survives a power cut. The temporary file is removed whatever happens.
 */
export async function writeFileAtomic(path: string, data: string, options: { mode?: number; exclusive?: boolean } = {}): Promise<void> {
	const dir = dirname(path)
	const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
	try {
		const handle = await open(temp, 'wx', options.mode ?? 0o600)
		try {
			await handle.writeFile(data)
			await handle.sync()
		} finally {
			await handle.close()
		}
		if (options.exclusive) await link(temp, path)
		else await rename(temp, path)
	} finally {
		await rm(temp, { force: true })
	}
	await syncDirectory(dir)
}

async function syncDirectory(dir: string): Promise<void> {
	let handle
	try {
		handle = await open(dir, 'r')
		await handle.sync()
	} catch {
		// Some file systems can't fsync a directory; the rename itself is still atomic.
	} finally {
		await handle?.close()
	}
}

/** Removes temporary files `writeFileAtomic` left in `dir` when a process died mid-write. */
export async function removeStaleTempFiles(dir: string, now = Date.now()): Promise<void> {
	for (const name of await readdir(dir)) {
		if (!TEMP_FILE.test(name)) continue
		const path = join(dir, name)
		const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }))
		if (now - mtimeMs >= STALE_TEMP_MS) await rm(path, { force: true })
	}
}
