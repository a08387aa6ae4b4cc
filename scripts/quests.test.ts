import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { PROJECT_ROOT } from '#scripts/build/load-quests.ts'
import { formatQuestYaml } from '#scripts/quests/quest-yaml.ts'
import { HELP, runQuestsCli, type CliOptions } from '#scripts/quests.ts'

const tmp = mkdtempSync(join(tmpdir(), 'quests-cli-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function run(argv: string[], options: CliOptions = {}) {
	let out = ''
	let err = ''
	const code = runQuestsCli(
		argv,
		{ out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) },
		{ cwd: PROJECT_ROOT, ...options },
	)
	return { code, out, err }
}

const fixture = 'tests/fixtures/runemetrics/quests_ok.json'

test('--help prints usage and exits 0; no or unknown command exits 2', () => {
	expect(run(['--help'])).toMatchObject({ code: 0, out: `${HELP}\n` })
	expect(run([]).code).toBe(2)
	const unknown = run(['frobnicate'])
	expect(unknown.code).toBe(2)
	expect(unknown.err).toContain('Unknown command "frobnicate"')
})

test('check passes on the real data', () => {
	const { code, out } = run(['check'])
	expect(code).toBe(0)
	expect(out).toMatch(/✓ \d+ quests, no problems/)
})

test('check fails with file, quest and field on broken data', () => {
	const dir = join(tmp, 'broken')
	mkdirSync(dir)
	writeFileSync(
		join(dir, 'a.yaml'),
		formatQuestYaml({
			name: 'A',
			difficulty: 0,
			members: false,
			questPoints: 1,
			requirements: { quest: ['Nope'] },
		}),
	)
	const { code, err } = run(['check'], { dataDir: dir })
	expect(code).toBe(1)
	expect(err).toContain('a.yaml: "A" requirements.quest[0]: unknown quest "Nope"')
})

test('show prints the chain in order and the combined skills', () => {
	const { code, out } = run(['show', 'dt'])
	expect(code).toBe(0)
	const lines = out.split('\n')
	expect(lines[0]).toBe('Desert Treasure')
	const chain = lines
		.filter((l) => /^\s+\d+\. /.test(l))
		.map((l) => l.replace(/^\s+\d+\. /, '').split('  ')[0])
	expect(chain.at(-1)).toBe('Desert Treasure')
	expect(chain).toContain('Troll Stronghold')
	expect(out).toMatch(/Thieving\s+53/)
	expect(run(['show', 'While', 'Guthix', 'Sleeps']).out).toContain('Quest points needed: 107')
})

test('show on an unknown quest exits 1 with suggestions; without a name it is a usage error', () => {
	const miss = run(['show', 'Desert Treasur'])
	expect(miss.code).toBe(1)
	expect(miss.err).toContain('Did you mean:\n  Desert Treasure')
	expect(run(['show']).code).toBe(2)
})

test('diff lists the differences with the saved RuneMetrics sample', () => {
	const { code, out } = run(['diff', fixture])
	expect(code).toBe(1)
	expect(out).toContain('In RuneMetrics, not in our data (0)')
	expect(out).toContain(
		'Dimension of Disaster: Coin of the Realm: difficulty 0 (Novice) → 2 (Experienced)',
	)
})

test('diff explains a missing, malformed or empty file with exit code 2', () => {
	expect(run(['diff', 'no/such/file.json']).err).toContain('file not found')
	const bad = join(tmp, 'bad.json')
	writeFileSync(bad, '{"quests": [')
	expect(run(['diff', bad])).toMatchObject({ code: 2 })
	expect(run(['diff', bad]).err).toContain('is not valid JSON')
	writeFileSync(bad, '{"error":"PROFILE_PRIVATE","loggedIn":"false"}')
	expect(run(['diff', bad]).err).toContain('RuneMetrics error answer (PROFILE_PRIVATE)')
	writeFileSync(bad, '{"quests":[{"title":"X"}]}')
	expect(run(['diff', bad]).err).toContain(
		'does not look like a RuneMetrics quests answer at quests.0',
	)
	writeFileSync(bad, '{"quests":[],"loggedIn":"false"}')
	expect(run(['diff', bad]).err).toContain('lists no quests')
	expect(run(['diff']).code).toBe(2)
})

test('build writes the catalogue, the names and one file per quest', () => {
	const out = join(tmp, 'generated')
	const result = run(['build', '--out', out])
	expect(result.code).toBe(0)
	const files = readdirSync(join(out, 'quests'))
	expect(files).toContain('catalogue.json')
	expect(files).toContain('names.json')
	expect(files).toContain('desert-treasure.json')
	const names = JSON.parse(readFileSync(join(out, 'quests', 'names.json'), 'utf8'))
	expect(names.dt).toEqual({ name: 'Desert Treasure', slug: 'desert-treasure' })
	const page = JSON.parse(readFileSync(join(out, 'quests', 'desert-treasure.json'), 'utf8'))
	expect(page.summary.quests.at(-1).name).toBe('Desert Treasure')
	expect(run(['build', '--oops']).code).toBe(2)
})
