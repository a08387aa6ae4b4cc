import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { secureDataDir } from './data-dir.server.ts'

const root = mkdtempSync(path.join(tmpdir(), 'gg-data-dir-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const modeOf = (dir: string) => statSync(dir).mode & 0o777

test('a DATA_DIR others can enter is changed to 0700, with a log line naming the old mode', () => {
	const dir = path.join(root, 'open')
	mkdirSync(dir)
	chmodSync(dir, 0o755)
	const lines: string[] = []
	secureDataDir(dir, (line) => lines.push(line))
	expect(modeOf(dir)).toBe(0o700)
	expect(lines).toEqual([
		`DATA_DIR ${dir} was mode 0755: changed to 0700 (the database, secrets and uploads are for the server's user only).`,
	])
})

test('a missing DATA_DIR is created 0700; one already 0700 is left alone, without a log line', () => {
	const dir = path.join(root, 'new', 'data')
	const lines: string[] = []
	secureDataDir(dir, (line) => lines.push(line))
	expect(modeOf(dir)).toBe(0o700)
	secureDataDir(dir, (line) => lines.push(line))
	expect(lines).toEqual([])
})
