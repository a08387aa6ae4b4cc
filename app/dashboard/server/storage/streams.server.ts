import { type FileHandle, open } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { StorageError } from './storage.server.ts'

const CHUNK_BYTES = 64 * 1024

/**
 * Reads bytes `start`..`end` (inclusive) of a file as a web stream, one chunk per pull, so a slow
 * client never makes us buffer more than a chunk or two.
 */
export async function fileRangeStream(path: string, start: number, end: number): Promise<ReadableStream<Uint8Array>> {
	// Opened on the first read, so a response that is never consumed holds no file descriptor.
	let handle: FileHandle | undefined
	let position = start
	let closed = false
	const close = async () => {
		if (closed) return
		closed = true
		await handle?.close()
	}
	return new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				try {
					handle ??= await open(path, 'r')
					const remaining = end + 1 - position
					const chunk = new Uint8Array(Math.min(CHUNK_BYTES, Math.max(remaining, 0)))
					const { bytesRead } = chunk.length > 0 ? await handle.read(chunk, 0, chunk.length, position) : { bytesRead: 0 }
					if (bytesRead === 0) {
						await close()
						controller.close()
						return
					}
					position += bytesRead
					controller.enqueue(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead))
				} catch (error) {
					await close().catch(() => {})
					controller.error(error)
				}
			},
			async cancel() {
				await close()
			},
		},
		{ highWaterMark: 0 },
	)
}

/** Passes bytes through, counting them; fails with 413 once more than `maxBytes` went by. */
export function byteCounter(maxBytes: number | undefined): Transform & { bytes: () => number } {
	let bytes = 0
	const counter = new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			bytes += chunk.length
			if (maxBytes !== undefined && bytes > maxBytes) {
				callback(new StorageError(413, `The file is larger than the ${maxBytes}-byte limit.`))
				return
			}
			callback(null, chunk)
		},
	})
	return Object.assign(counter, { bytes: () => bytes })
}
