import { log } from '#app/server/log.server.ts'

/**
 * Runs `pass` again and again until stopped, pausing as long as each pass asks (a failing pass is
 * logged and retried after `failurePauseMs`). `stop()` wakes a pause and resolves once the pass
 * under way has finished: the server's shutdown awaits it before closing the database.
 */
export function startLoop(label: string, pass: (stopping: () => boolean) => Promise<number>, failurePauseMs = 10_000) {
	let stopped = false
	let wake: (() => void) | undefined
	const stopping = () => stopped
	const sleep = (ms: number) =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(resolve, ms)
			timer.unref()
			wake = () => {
				clearTimeout(timer)
				resolve()
			}
		})
	const loop = (async () => {
		while (!stopped) {
			let pause = failurePauseMs
			try {
				pause = await pass(stopping)
			} catch (error) {
				log.unexpected(label, error)
			}
			if (!stopped) await sleep(pause)
		}
	})()
	return {
		async stop(): Promise<void> {
			stopped = true
			wake?.()
			await loop
		},
	}
}
