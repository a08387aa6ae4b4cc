import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { createKeyFactory, isValidKey, keyMatchesFilter } from './keys.server.ts'
import type { ExpiringSet } from '#app/server/shared-state/shared-state.server.ts'
import { createUploadSigner } from './signing.server.ts'
import { type Storage, StorageError, UPLOAD_PUT_PATH, UPLOAD_URL_TTL_SECONDS, publicUrlFor } from './storage.server.ts'
import { byteCounter, fileRangeStream } from './streams.server.ts'

export type DiskStorageOptions = {
	/** Files go to `<dataDir>/uploads`, unfinished uploads to `<dataDir>/upload-tmp`. */
	dataDir: string
	/** Signs upload URLs (the session secret). */
	secret: Buffer
	/** Spent upload links, shared by every instance with Redis; in-process by default. */
	usedLinks?: ExpiringSet
	/** Absolute base for public URLs (e.g. a CDN in front of `/uploads/`); default `/uploads/`. */
	publicBaseUrl?: string
	expiresInSeconds?: number
	now?: () => number
}

const STALE_TEMP_MS = 24 * 60 * 60 * 1000

export async function createDiskStorage(options: DiskStorageOptions): Promise<Storage> {
	const uploadsDir = join(options.dataDir, 'uploads')
	const tempDir = join(options.dataDir, 'upload-tmp')
	const now = options.now ?? Date.now
	const expiresIn = options.expiresInSeconds ?? UPLOAD_URL_TTL_SECONDS
	const makeKey = createKeyFactory(now)
	const signer = createUploadSigner({ secret: options.secret, usedLinks: options.usedLinks, now })
	await mkdir(uploadsDir, { recursive: true })
	await mkdir(tempDir, { recursive: true })
	await removeStaleTempFiles(tempDir, now())

	const exists = (path: string) =>
		stat(path).then(
			() => true,
			() => false,
		)

	return {
		kind: 'disk',

		async createUpload({ filename, contentType }) {
			const key = makeKey(filename)
			const query = signer.sign({ key, contentType, expiresInSeconds: expiresIn })
			return {
				uploadUrl: `${UPLOAD_PUT_PATH}${key}?${query}`,
				key,
				expiresIn,
				publicUrl: publicUrlFor(key, options.publicBaseUrl),
			}
		},

		async receiveUpload({ url, key, contentType, body, maxBytes }) {
			if (!isValidKey(key)) throw new StorageError(403, 'The upload URL signature is not valid.')
			const check = await signer.check({ key, query: url.searchParams, contentType })
			if (!check.ok) throw new StorageError(403, check.reason)
			const target = join(uploadsDir, key)
			if (await exists(target)) {
				await check.release('done')
				throw new StorageError(403, 'The upload URL has already been used. Ask for a new one.')
			}
			if (!body) {
				await check.release('failed')
				throw new StorageError(400, 'The request has no body: send the file as the PUT body.')
			}
			const temp = join(tempDir, `${randomUUID()}.part`)
			const counter = byteCounter(maxBytes)
			try {
				await pipeline(
					Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
					counter,
					createWriteStream(temp, { flags: 'wx', flush: true }),
				)
				if (counter.bytes() === 0) throw new StorageError(400, 'The file is empty.')
				// The key is unique and the nonce is claimed, so nothing else can be renaming onto it.
				await rename(temp, target)
			} catch (error) {
				await rm(temp, { force: true })
				await check.release('failed')
				if (error instanceof StorageError) throw error
				// A file-system failure is ours (500); anything else is the body stream breaking off.
				if (error instanceof Error && 'syscall' in error) throw error
				throw new StorageError(400, 'The upload was interrupted before it completed.')
			}
			await check.release('done')
			return { key, size: counter.bytes() }
		},

		async list({ limit, offset, filter }) {
			const names = (await readdir(uploadsDir)).filter((name) => isValidKey(name) && keyMatchesFilter(name, filter))
			// Keys start with their creation time, so a reverse string sort is newest first.
			names.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
			const page = names.slice(offset, offset + limit)
			const stats = await Promise.all(page.map((key) => stat(join(uploadsDir, key)).catch(() => null)))
			const images = page.flatMap((key, index) => {
				const info = stats[index]
				if (!info) return []
				return [
					{
						key,
						publicUrl: publicUrlFor(key, options.publicBaseUrl),
						size: info.size,
						lastModified: info.mtime,
					},
				]
			})
			return { images, total: names.length }
		},

		async delete(key) {
			if (!isValidKey(key)) return false
			const path = join(uploadsDir, key)
			if (!(await stat(path).catch(() => null))?.isFile()) return false
			await rm(path, { force: true })
			return true
		},

		async open(key) {
			if (!isValidKey(key)) return null
			const path = join(uploadsDir, key)
			const info = await stat(path).catch(() => null)
			if (!info?.isFile()) return null
			return {
				key,
				size: info.size,
				lastModified: info.mtime,
				etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
				stream: (range) => fileRangeStream(path, range?.start ?? 0, range?.end ?? info.size - 1),
			}
		},
	}
}

/** Temp files left by a crash: nobody will finish them. */
async function removeStaleTempFiles(tempDir: string, time: number) {
	for (const name of await readdir(tempDir)) {
		const path = join(tempDir, name)
		const info = await stat(path).catch(() => null)
		if (info && time - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true })
	}
}
