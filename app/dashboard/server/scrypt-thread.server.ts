/**
 * scrypt on a thread of its own, at a lower CPU priority. `crypto.scrypt` ran on libuv's pool at
 * the server's priority, so during a login flood on 2 cores each check took a core the page
 * requests needed. Here checks take the CPU the server's main thread leaves (Linux gives each
 * thread its own nice value), one after another in arrival order.
 */
import { Worker } from 'node:worker_threads'

/**
 * A third of a normal thread's share of a core both want: pages first, while a check on a busy
 * machine still ends in about three times its time (nice 10, a tenth, made logins take seconds
 * under load).
 */
const NICE = 5

const SOURCE = `
const { parentPort } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
if (process.platform === 'linux') {
	try { require('node:os').setPriority(${NICE}) } catch {}
}
parentPort.on('message', ({ id, secret, salt, keyLength, options }) => {
	try {
		parentPort.postMessage({ id, key: scryptSync(secret, salt, keyLength, options) })
	} catch (error) {
		parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
	}
})`

type Job = { resolve(key: Buffer): void; reject(error: Error): void }
type Answer = { id: number; key?: Uint8Array; error?: string }

let thread: ((secret: string, salt: Buffer, keyLength: number, options: object) => Promise<Buffer>) | undefined

function startThread() {
	const worker = new Worker(SOURCE, { eval: true })
	const jobs = new Map<number, Job>()
	let nextId = 0
	// Only a check under way keeps the process alive.
	worker.unref()
	worker.on('message', ({ id, key, error }: Answer) => {
		const job = jobs.get(id)
		jobs.delete(id)
		if (jobs.size === 0) worker.unref()
		if (error !== undefined || !key) job?.reject(new Error(`scrypt: ${error}`))
		else job?.resolve(Buffer.from(key))
	})
	const stopped = (error: Error) => {
		if (thread === run) thread = undefined
		for (const job of jobs.values()) job.reject(error)
		jobs.clear()
	}
	worker.on('error', stopped)
	worker.on('exit', (code) => stopped(new Error(`scrypt: its thread stopped (exit code ${code})`)))
	const run = (secret: string, salt: Buffer, keyLength: number, options: object) =>
		new Promise<Buffer>((resolve, reject) => {
			const id = nextId++
			jobs.set(id, { resolve, reject })
			worker.ref()
			worker.postMessage({ id, secret, salt, keyLength, options })
		})
	return run
}

/** `crypto.scrypt`, on the low-priority thread (started on first use, again if it stopped). */
export function scryptOnThread(secret: string, salt: Buffer, keyLength: number, options: object): Promise<Buffer> {
	thread ??= startThread()
	return thread(secret, salt, keyLength, options)
}
