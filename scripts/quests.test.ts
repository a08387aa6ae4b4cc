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
	const code = runQuestsCli(argv, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) }, { cwd: PROJECT_ROOT, ...options })
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
	const chain = lines.filter((l) => /^\s+\d+\. /.test(l)).map((l) => l.replace(/^\s+\d+\. /, '').split('  ')[0])
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
	expect(out).toContain('Dimension of Disaster: Coin of the Realm: difficulty 0 (Novice) → 2 (Experienced)')
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
	expect(run(['diff', bad]).err).toContain('does not look like a RuneMetrics quests answer at quests.0')
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

test('check reports how many quests are unverified', () => {
	expect(run(['check']).out).toContain('0 unverified')
	const dir = join(tmp, 'unverified')
	mkdirSync(dir)
	const base = { difficulty: 0 as const, members: false, questPoints: 1, requirements: {} }
	writeFileSync(join(dir, 'a.yaml'), formatQuestYaml({ name: 'A', ...base }))
	writeFileSync(join(dir, 'b.yaml'), formatQuestYaml({ name: 'B', ...base, verified: { on: '2026-11-23', source: 'wiki' } }))
	expect(run(['check'], { dataDir: dir }).out).toContain('2 quests, no problems. 1 unverified')
})

test('audit passes on the real data against the saved snapshot', () => {
	const { code, out } = run(['audit'])
	expect(code).toBe(0)
	expect(out).toMatch(/✓ \d+ difference\(s\): \d+ resolved, 0 unresolved; 0 stale/)
	const all = run(['audit', '--all']).out
	expect(all).toContain('Tears of Guthix — quest points: ours 44, theirs 44 / 50')
	expect(all).toContain('→ ')
})

test('audit prints unresolved differences with both values and exits 1; refresh rebuilds the snapshot', () => {
	const scrape = join(tmp, 'scrape')
	const dataDir = join(tmp, 'audit-data')
	const auditDir = join(tmp, 'audit')
	mkdirSync(scrape)
	mkdirSync(dataDir)
	const page = (title: string, quests: unknown[], skills: unknown[] = []) =>
		JSON.stringify({
			title,
			requirements: { quests, skills },
			rewards: [{ display: '1 quest point' }],
		})
	writeFileSync(join(scrape, 'root.json'), page('Root', []))
	writeFileSync(join(scrape, 'top.json'), page('Top', [{ title: 'Root' }], [{ skill: 'Magic', level: 50 }]))
	const base = { difficulty: 0 as const, members: false, questPoints: 1 }
	writeFileSync(join(dataDir, 'root.yaml'), formatQuestYaml({ name: 'Root', ...base, requirements: {} }))
	writeFileSync(
		join(dataDir, 'top.yaml'),
		formatQuestYaml({
			name: 'Top',
			...base,
			requirements: { quest: ['Root'], skill: [{ skill: 'magic', level: 40 }] },
		}),
	)
	const options = { dataDir, auditDir, today: '2026-11-23' }
	expect(run(['audit', '--refresh', scrape], options).code).toBe(2)
	const first = run(['audit', '--refresh', scrape, '--commit', 'abcdef1'], options)
	expect(first.code).toBe(1)
	expect(first.out).toContain('✓ wrote 2 quests')
	expect(first.out).toContain('Top — skill magic: ours 40, theirs 50')
	const snapshot = JSON.parse(readFileSync(join(auditDir, 'wiki-snapshot.json'), 'utf8'))
	expect(snapshot.source).toMatchObject({ commit: 'abcdef1', takenOn: '2026-11-23' })

	writeFileSync(
		join(auditDir, 'resolutions.yaml'),
		[
			'differences:',
			'  - quest: Top',
			'    subject: skill magic',
			'    ours: "40"',
			'    theirs: "50"',
			'    reason: The page is wrong',
			'    source: the in-game quest journal',
		].join('\n'),
	)
	const noNote = run(['audit'], options)
	expect(noNote.code).toBe(1)
	expect(noNote.out).toContain('no `notes` line')
	writeFileSync(
		join(dataDir, 'top.yaml'),
		formatQuestYaml({
			name: 'Top',
			...base,
			requirements: { quest: ['Root'], skill: [{ skill: 'magic', level: 40 }] },
			notes: ['Magic 40, not 50: the journal says so.'],
		}),
	)
	expect(run(['audit'], options)).toMatchObject({ code: 0 })

	writeFileSync(join(auditDir, 'resolutions.yaml'), 'differences:\n  - quest: Top\n')
	const bad = run(['audit'], options)
	expect(bad.code).toBe(1)
	expect(bad.err).toContain('resolutions.yaml at differences.0.subject')
	expect(run(['audit', '--bogus'], options).code).toBe(2)
})

test('show marks partial steps, past-completion extras, alternatives and ironman levels', () => {
	const zaros = run(['show', 'The Curse of Zaros']).out
	expect(zaros).toContain('Desert Treasure (until partly done)')
	expect(zaros).toMatch(/verified \d{4}-\d{2}-\d{2} against https:\/\/runescape\.wiki/)
	expect(run(['show', 'Remains of the Necrolord']).out).toContain('Vengeance (saga) (100 % (unabridged))')
	const tales = run(['show', 'Tales of the God Wars']).out
	expect(tales).toContain('Agility 60 or Strength 60')
	expect(run(['show', 'Desert Treasure']).out).toMatch(/Ironman accounts also need:\n\s+Woodcutting\s+80/)
})
