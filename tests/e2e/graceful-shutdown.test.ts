import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '#app/server/db/database.server.ts'
import { releaseDatabaseLocks } from '#app/server/db/db-lock.server.ts'
import { feedbackReports } from '#app/feedback/server/schema.ts'
import { normalisePlayerName } from '#app/player/username.ts'
import { trackedPlayers } from '#app/tracker/server/schema.ts'
import { startFakeUpstream } from '../fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// SIGTERM in the middle of a burst of writes (issue 39, item 10): the server stops accepting,
// answers what is in flight, lets the database writes those requests started finish, closes the
// database and exits within 10 s. After a restart, every report it acknowledged (303) is stored,
// and every player whose lookup it answered (200) is tracked.

test('SIGTERM during a burst of reports and lookups: nothing acknowledged is lost, and the server exits within 10 s', async () => {
	test.setTimeout(300_000)
	// Slow Sam's lookup takes ~5.8 s: longer than the 5 s the server used to give requests in flight.
	const fake = await startFakeUpstream({ latencyMs: 20, slowMs: 5800 })
	const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-e2e-shutdown-'))
	const env = {
		DATA_DIR: dataDir,
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		TRACKER_REFRESH: 'off',
		UPSTREAM_TIMEOUT_MS: '10000',
		FEEDBACK_LIMIT_PER_HOUR: '10000',
		FEEDBACK_GLOBAL_LIMIT_PER_HOUR: '1000000',
	}
	let server: ServerInstance | undefined
	try {
		server = await startServerInstance(env)
		const base = server.baseURL
		const sendReport = (message: string) =>
			fetch(`${base}/feedback`, {
				method: 'POST',
				body: new URLSearchParams({ page: '/setup/client-setup', reason: 'other', message }),
				redirect: 'manual',
			})
		// The first report opens (and creates) the embedded database.
		expect((await sendReport('opening')).status).toBe(303)

		const reported: string[] = []
		const looked: string[] = []
		const reporter = async (worker: number) => {
			for (let i = 0; ; i++) {
				const message = `worker ${worker} report ${i}`
				try {
					if ((await sendReport(message)).status === 303) reported.push(message)
				} catch {
					return // refused: the server has stopped accepting
				}
			}
		}
		const looker = async (worker: number) => {
			for (let i = 0; ; i++) {
				const name = `Zezima ${String.fromCharCode(65 + worker)}${i}`
				try {
					const answer = await fetch(`${base}/api/v1/player-data?username=${encodeURIComponent(name)}`)
					await answer.arrayBuffer()
					if (answer.status === 200) looked.push(name)
				} catch {
					return
				}
			}
		}
		const burst = Promise.all([0, 1, 2, 3].map(reporter).concat([0, 1].map(looker)))
		// Mid-burst: once a good number of each has been answered, whatever the machine's speed.
		await expect.poll(() => reported.length >= 20 && looked.length >= 6, { timeout: 120_000 }).toBe(true)
		const slow = fetch(`${base}/api/v1/player-data?username=Slow%20Sam`)
		slow.catch(() => {}) // awaited below
		await new Promise((resolve) => setTimeout(resolve, 300))
		const signalled = performance.now()
		process.kill(server.pid, 'SIGTERM')
		const code = await server.exited
		const seconds = (performance.now() - signalled) / 1000
		await burst
		// The request in flight was answered, not cut off.
		expect((await slow).status).toBe(200)
		looked.push('Slow Sam')
		expect(code).toBe(0)
		expect(seconds).toBeLessThan(10)
		expect(server.output()).toContain('SIGTERM: finishing the requests in flight')
		expect(server.output()).toMatch(/Database closed \(PGlite at .*\)\./)

		// A restart opens the folder the stopped server closed.
		server = await startServerInstance(env)
		expect((await sendReportTo(server, 'after the restart')).status).toBe(303)
		await server.stop()

		const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
		try {
			const messages = new Set(
				(await handle.db.select({ message: feedbackReports.message }).from(feedbackReports)).map((row) => row.message),
			)
			expect(reported.filter((message) => !messages.has(message))).toEqual([])
			expect(messages.has('after the restart')).toBe(true)
			const keys = new Set((await handle.db.select({ key: trackedPlayers.key }).from(trackedPlayers)).map((row) => row.key))
			expect(looked.filter((name) => !keys.has(normalisePlayerName(name).key))).toEqual([])
		} finally {
			await handle.close()
			releaseDatabaseLocks()
		}
	} finally {
		await server?.stop()
		await fake.close()
		rmSync(dataDir, { recursive: true, force: true })
	}
})

const sendReportTo = (server: ServerInstance, message: string) =>
	fetch(`${server.baseURL}/feedback`, {
		method: 'POST',
		body: new URLSearchParams({ page: '/setup/client-setup', reason: 'other', message }),
		redirect: 'manual',
	})

// The refresher is background work too (issue 39): from SIGTERM on it starts no round and no
// upstream call, the round under way gives back what it had not finished, and the database closes
// after it, with nothing logged as an error.
test('SIGTERM while the refresher is busy: no upstream call for it after the signal, no error logged, exit within 10 s', async () => {
	test.setTimeout(180_000)
	const fake = await startFakeUpstream({ latencyMs: 20, slowMs: 5000 })
	let server: ServerInstance | undefined
	try {
		server = await startServerInstance({
			RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
			HISCORES_BASE_URL: fake.hiscoresBaseUrl,
			TRACKER_REFRESH: 'on',
			TRACKER_UPSTREAM_RPS: '20',
			UPSTREAM_TIMEOUT_MS: '10000',
		})
		// Each new player is tracked with a 29-call backfill: work for the refresher's next rounds.
		for (const name of ['Zezima Ra', 'Zezima Rb', 'Zezima Rc', 'Zezima Rd', 'Zezima Re']) {
			const answer = await fetch(`${server.baseURL}/api/v1/player-data?username=${encodeURIComponent(name)}`)
			expect(answer.status).toBe(200)
		}
		await expect.poll(() => fake.calls['xp-monthly'], { timeout: 60_000 }).toBeGreaterThanOrEqual(5)
		// A request in flight keeps the server answering for ~5 s after the signal.
		const slow = fetch(`${server.baseURL}/api/v1/player-data?username=Slow%20Sam`)
		slow.catch(() => {}) // awaited below
		await expect.poll(() => fake.callsFor('Slow Sam').profile, { timeout: 10_000 }).toBe(1)
		const signalledAt = Date.now()
		process.kill(server.pid, 'SIGTERM')
		const code = await server.exited
		const seconds = (Date.now() - signalledAt) / 1000
		expect((await slow).status).toBe(200)
		expect(code).toBe(0)
		expect(seconds).toBeLessThan(10)
		// Calls asked for before the signal may arrive a moment after it; none for minutes of backfill.
		const backfillCallsAfter = fake.requests.filter((request) => request.endpoint === 'xp-monthly' && request.at > signalledAt + 250)
		expect(backfillCallsAfter).toEqual([])
		expect(server.output()).toMatch(/Database closed \(PGlite at .*\)\./)
		expect(server.output()).not.toMatch(/unexpected error|database is closed|shutting down: the database/i)
	} finally {
		await server?.stop()
		await fake.close()
	}
})
