import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'
import { crossPageContradictions, levelStatements } from './cross-check.ts'

const root = path.resolve(import.meta.dirname, '../..')
const page = (body: string) => `---\ntitle: T\norder: 1\n---\n\n${body}\n`
const found = (body: string) => levelStatements('content/x.md', page(body)).map((s) => `${s.name} ${s.skill} ${s.level}`)

test('statements are read from table rows, emphasised or linked names and plain prose', () => {
	expect(found('| Reward | Needs |\n| --- | --- |\n| Ring of vigour | :skill-badge{skill="dungeoneering" level="62"} |')).toEqual([
		'ring of vigour dungeoneering 62',
	])
	expect(found('| Level | Weapon |\n| --- | --- |\n| 70–79 | Ahrim\'s staff :skill-badge{skill="magic" level="70"} |')).toEqual(["ahrim's staff magic 70"])
	expect(found('The **Slayer helmet** (:skill-badge{skill="crafting" level="55"}) saves slots.')).toEqual(['slayer helmet crafting 55'])
	expect(found('Use [Soul Split](/x) at 92 Prayer.')).toEqual(['soul split prayer 92'])
	expect(found('Dive unlocks at 30 Agility now.')).toEqual(['dive agility 30'])
	// No name, a skill as the name, or a level too far from the name: no statement.
	expect(found('You need 50 Attack.')).toEqual([])
	expect(found('**Attack** 50 is enough.')).toEqual([])
	expect(found('**Bandos** is a god whose armour, long after the first fights, needs 70 Defence.')).toEqual([])
})

test('the same name and skill with two levels on two pages is a contradiction naming both places', () => {
	const a = levelStatements('content/a.md', page('| Reward | Needs |\n| --- | --- |\n| Ring of vigour | 62 Dungeoneering |'))
	const b = levelStatements('content/b.md', page('\nThe **Ring of vigour** needs 70 Dungeoneering.'))
	expect(crossPageContradictions([...a, ...b])).toEqual([
		{
			file: 'content/b.md',
			line: 7,
			message: '"Ring of vigour" with Dungeoneering 70, but content/a.md:8 gives "Ring of vigour" Dungeoneering 62: write the level once (data/game/) or make them agree',
		},
	])
	// Agreeing pages, other skills, and two levels on one page (a band) are not contradictions.
	const c = levelStatements('content/c.md', page('The **Ring of vigour** needs 62 Dungeoneering and 62 Attack to wear.'))
	expect(crossPageContradictions([...a, ...c])).toEqual([])
})

// A new Node process compiling the content tools: 2–4 s alone, 25 s seen on a busy 2-core machine.
test('npm run content -- check fails on the planted contradiction and the unsourced 2026 claim of the test fixture', () => {
	let output = ''
	let status = 0
	try {
		// Node with tsx's loader, as `npm run content` runs it, without npx's own start-up (seconds).
		execFileSync(process.execPath, ['--import', 'tsx', 'scripts/content.ts', 'check', 'tests/fixtures/contradiction'], {
			cwd: root,
			encoding: 'utf8',
			stdio: 'pipe',
		})
	} catch (error) {
		const e = error as { status: number; stdout: string; stderr: string }
		status = e.status
		output = e.stdout + e.stderr
	}
	expect(status).toBe(1)
	expect(output).toContain(
		'tests/fixtures/contradiction/setup/passives.md:8: "Ring of fortitude" with Dungeoneering 48, but tests/fixtures/contradiction/guides/rewards.md:13 gives "Ring of fortitude" Dungeoneering 62',
	)
	expect(output).toContain('tests/fixtures/contradiction/setup/passives.md:14: a 2026 change ("An unsourced 2026 claim')
	expect(output).toContain('content check: 2 problem(s)')
}, 60_000)
