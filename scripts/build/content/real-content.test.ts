import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { buildData } from '../build-data.ts'

test('all of content/ and data/ compile: front matter, widgets, quest names, every internal link and anchor', async () => {
	const outDir = mkdtempSync(path.join(tmpdir(), 'gg-real-'))
	try {
		// Any problem is printed with console.error, which fails the test with the file, line and reason.
		expect((await buildData(outDir)).code).toBe(0)
		const navigation = JSON.parse(readFileSync(path.join(outDir, 'navigation.json'), 'utf8'))
		expect(navigation.sections.map((s: { section: string }) => s.section).sort()).toEqual(['getting-started', 'guides', 'leagues', 'setup'])
	} finally {
		rmSync(outDir, { recursive: true, force: true })
	}
	// The whole build (pages, quests, search index): seconds alone, much longer on a busy machine.
}, 60_000)
