import { scryptSync } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { scryptOnThread } from './scrypt-thread.server.ts'

const COST = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

test('gives the same key as crypto.scrypt', async () => {
	const salt = Buffer.from('0123456789abcdef')
	expect(await scryptOnThread('hunter2', salt, 32, COST)).toEqual(scryptSync('hunter2', salt, 32, COST))
	await expect(scryptOnThread('x', salt, 32, { N: 3, r: 8, p: 1 })).rejects.toThrow(/scrypt/)
})

/** The nice value of each of this process's threads (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
	return readdirSync('/proc/self/task').map((tid) => {
		const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
	})
}

test.runIf(process.platform === 'linux')(
	'checks run on a thread below the main thread priority, so a login flood leaves the CPU to pages',
	async () => {
		const salt = Buffer.from('0123456789abcdef')
		const checks = Array.from({ length: 3 }, () => scryptOnThread('guess', salt, 32, COST))
		let seen = threadNiceValues()
		while (!seen.includes(5)) {
			await new Promise((resolve) => setTimeout(resolve, 5))
			seen = threadNiceValues()
		}
		await Promise.all(checks)
		expect(seen.filter((nice) => nice === 5)).toHaveLength(1)
		expect(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16]).toBe('0')
	},
	20_000,
)
