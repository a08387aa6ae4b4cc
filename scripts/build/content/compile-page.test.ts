import { expect, test } from 'vitest'
import { compactText, type CompactNode } from '#app/lib/content/compact-hast.ts'
import { compilePage, type CompileContext } from './compile-page.ts'

const ctx: CompileContext = {
	file: 'content/setup/test.md',
	path: '/setup/test',
	section: 'setup',
	publicFiles: {
		imageSize: (src) => (src === '/images/ok.svg' ? { width: 640, height: 360 } : undefined),
		exists: (src) => src === '/images/ok.svg',
		readText: () => undefined,
	},
	resolveQuest: (name) => (name.toLowerCase() === 'desert treasure' ? 'Desert Treasure' : undefined),
}

const FM = '---\ntitle: Test page\norder: 1\ndescription: A page used by the content pipeline tests.\n---\n'

function compile(body: string, frontmatter = FM) {
	return compilePage(frontmatter + body, ctx)
}

function widgets(body: CompactNode[]): Array<{ name: string; props: Record<string, unknown> }> {
	const found: Array<{ name: string; props: Record<string, unknown> }> = []
	const walk = (nodes: CompactNode[]) => {
		for (const node of nodes) {
			if (typeof node === 'string') continue
			const [tag, props, ...children] = node
			if (tag === 'x-widget' && props) {
				found.push({ name: String(props.dataWidget), props: JSON.parse(String(props.props)) })
			}
			walk(children)
		}
	}
	walk(body)
	return found
}

test('front matter: a missing title names the file and the line', () => {
	const { errors } = compile('Hi', '---\norder: 1\ndescription: A page used by the content pipeline tests.\n---\n')
	expect(errors.map((e) => e.message)).toEqual(['content/setup/test.md:1: front matter title: title is required'])
})

test('front matter: wrong types, unknown keys and bad dates are each reported with their line', () => {
	const fm = '---\ntitle: T\norder: first\ndescription: A page used by the content pipeline tests.\nlastVerified: 21/11/2026\nauthor: me\n---\n'
	const messages = compile('Hi', fm).errors.map((e) => e.message)
	expect(messages).toContainEqual(expect.stringMatching(/test\.md:3: front matter order: order is required and must be a number/))
	expect(messages).toContainEqual(expect.stringMatching(/test\.md:5: front matter lastVerified: expected a date written YYYY-MM-DD/))
	expect(messages).toContainEqual(expect.stringMatching(/test\.md:1: front matter.*author/))
})

test('front matter: sources are kept in order on the compiled page, and empty when left out', () => {
	const fm =
		'---\ntitle: T\norder: 1\ndescription: A page used by the content pipeline tests.\nsources:\n  - https://runescape.wiki/w/Double_Surge\n  - https://secure.runescape.com/m=news/a\n---\n'
	const { page, errors } = compile('Hi', fm)
	expect(errors).toEqual([])
	expect(page.sources).toEqual(['https://runescape.wiki/w/Double_Surge', 'https://secure.runescape.com/m=news/a'])
	expect(compile('Hi').page.sources).toEqual([])
})

test('front matter: a source that is not an https address is reported with its line', () => {
	const fm = '---\ntitle: T\norder: 1\ndescription: A page used by the content pipeline tests.\nsources:\n  - the wiki\n---\n'
	const messages = compile('Hi', fm).errors.map((e) => e.message)
	expect(messages).toEqual(['content/setup/test.md:5: front matter sources: each source must be a web address starting with https://'])
})

test('front matter: invalid YAML is a clear error, not a crash', () => {
	const { errors } = compile('Hi', '---\ntitle: [unclosed\n---\n')
	expect(errors[0]?.message).toMatch(/front matter is not valid YAML/)
})

test('front matter defaults: label falls back to the title, visible and published', () => {
	const { page, frontmatter } = compile('Hi')
	expect(page.label).toBe('Test page')
	expect(frontmatter.visible).toBe(true)
	expect(page.status).toBe('published')
})

test('an unknown widget fails with its file and line', () => {
	const { errors } = compile('Intro\n\n::quest-tracker{quest="x"}\n')
	expect(errors).toHaveLength(1)
	expect(errors[0]!.message).toMatch(/^content\/setup\/test\.md:8: unknown widget "::quest-tracker"/)
})

test('stray text directives stay plain text', () => {
	const { page, errors } = compile('Meet at 10:30 for the boss, note:this and 1:1 odds.\n')
	expect(errors).toEqual([])
	expect(compactText(page.body as CompactNode[])).toContain('Meet at 10:30 for the boss, note:this and 1:1 odds.')
})

test('a text directive with brackets and attributes is restored exactly', () => {
	const { page } = compile('Ratio 3:unknown[label]{a="b"} here.\n')
	expect(compactText(page.body as CompactNode[])).toContain('Ratio 3:unknown[label]{a="b"} here.')
})

test('an inline skill badge is a widget with validated props', () => {
	const { page, errors } = compile('You need :skill-badge{skill="Herblore" level="96"} first.\n')
	expect(errors).toEqual([])
	expect(widgets(page.body as CompactNode[])).toEqual([{ name: 'skill-badge', props: { skill: 'herblore', level: 96 } }])
})

test('bad widget props fail with the prop and the reason', () => {
	const { errors } = compile('::skill-badge{skill="cooking" level="140"}\n\n::skill-badge{skill="sailing" level="5"}\n')
	expect(errors.map((e) => e.message)).toEqual([
		expect.stringMatching(/:6: widget "skill-badge": level: level is above the skill cap/),
		expect.stringMatching(/:8: widget "skill-badge": skill: "sailing" is not an RS3 skill/),
	])
})

test('a widget written in the wrong form says how to write it', () => {
	const { errors } = compile(':::metronome\n:::\n')
	expect(errors[0]?.message).toMatch(/widget "metronome" must be written as ::metronome/)
})

test('callouts take their title from the label', () => {
	const { page } = compile(':::warning[Careful now]\nDo not skip this.\n:::\n')
	const [callout] = widgets(page.body as CompactNode[])
	expect(callout).toEqual({ name: 'callout', props: { variant: 'warning', title: 'Careful now' } })
})

test('checklist items get stable ids from their text or an explicit {#id}', () => {
	const { page, errors } = compile(':::checklist{id="demo"}\n- Lock the interface\n- Turn on slim headers {#slim}\n:::\n')
	expect(errors).toEqual([])
	expect(widgets(page.body as CompactNode[])[0]?.props).toEqual({ id: 'demo', itemIds: ['lock-the-interface', 'slim'] })
	expect(compactText(page.body as CompactNode[])).not.toContain('{#slim}')
})

test('a checklist without a list or with a bad id fails', () => {
	expect(compile(':::checklist{id="x"}\nJust text.\n:::\n').errors[0]?.message).toMatch(/must contain a markdown list/)
	expect(compile(':::checklist{id="Bad Id"}\n- a\n:::\n').errors[0]?.message).toMatch(/id must be kebab-case/)
})

test('tabs collect their labels and check the default', () => {
	const source = ':::::tabs{default="Ironman"}\n::::tab{label="None"}\nMain.\n::::\n::::tab{label="Ironman"}\nIron.\n::::\n:::::\n'
	const { page, errors } = compile(source)
	expect(errors).toEqual([])
	expect(widgets(page.body as CompactNode[])[0]?.props).toEqual({ default: 'Ironman', labels: ['None', 'Ironman'] })
	const wrong = compile(source.replace('default="Ironman"', 'default="HCIM"'))
	expect(wrong.errors[0]?.message).toMatch(/default="HCIM" is not one of the labels: None, Ironman/)
})

test('a tab outside tabs fails', () => {
	expect(compile('::::tab{label="Lonely"}\nx\n::::\n').errors[0]?.message).toMatch(/must sit directly inside a :::::tabs/)
})

test('yaml widgets parse their fence and report yaml errors with a line', () => {
	const ok = compile(':::data-table{key="Setting" value="Value"}\n```yaml\n- [FPS, "60+"]\n- { key: World, value: under 200 }\n```\n:::\n')
	expect(ok.errors).toEqual([])
	// `key`/`value` name the columns; they arrive as keyHeading/valueHeading (React reserves `key`).
	expect(widgets(ok.page.body as CompactNode[])[0]?.props).toEqual({
		keyHeading: 'Setting',
		valueHeading: 'Value',
		rows: [
			{ key: 'FPS', value: '60+' },
			{ key: 'World', value: 'under 200' },
		],
	})
	const bad = compile(':::data-table\n```yaml\n- [a, b\n```\n:::\n')
	expect(bad.errors[0]?.message).toMatch(/widget "data-table": yaml:/)
	const missing = compile(':::data-table\nno fence\n:::\n')
	expect(missing.errors[0]?.message).toMatch(/needs a ```yaml fence/)
})

test('quest names in widgets must exist', () => {
	expect(compile('::quest-requirements{quest="Desert Treasure"}\n').errors).toEqual([])
	expect(compile('::quest-requirements{quest="Desert Treasure III"}\n').errors[0]?.message).toMatch(/unknown quest "Desert Treasure III"/)
	const hand = compile(':::requirements{title="Invention"}\n```yaml\nquests: [Made Up Quest]\nskills: [{ skill: smithing, level: 80 }]\n```\n:::\n')
	expect(hand.errors[0]?.message).toMatch(/unknown quest "Made Up Quest"/)
})

test('images become sized screenshots; missing files and alt text are errors', () => {
	const { page, errors } = compile('![A diagram](/images/ok.svg "The caption")\n')
	expect(errors).toEqual([])
	expect(widgets(page.body as CompactNode[])[0]).toEqual({
		name: 'screenshot',
		props: { src: '/images/ok.svg', alt: 'A diagram', width: 640, height: 360, caption: 'The caption' },
	})
	expect(compile('![](/images/ok.svg)\n').errors[0]?.message).toMatch(/needs alt text/)
	expect(compile('![x](/images/nope.svg)\n').errors[0]?.message).toMatch(/does not exist in public/)
	expect(compile('See ![x](/images/ok.svg) inline\n').errors[0]?.message).toMatch(/on a line of its own/)
})

test('headings get GitHub-style ids and h2/h3 feed the table of contents', () => {
	const { page } = compile('## Combat Triangle\n\n### Weakness\n\n#### Deep\n\n## Combat Triangle\n')
	expect(page.headings).toEqual([
		{ depth: 2, id: 'combat-triangle', text: 'Combat Triangle' },
		{ depth: 3, id: 'weakness', text: 'Weakness' },
		{ depth: 2, id: 'combat-triangle-1', text: 'Combat Triangle' },
	])
})

test('a table row that starts with a bold term gets a term-<slug> id; other rows none', () => {
	const { page } = compile('| Term | Meaning |\n| --- | --- |\n| **GIM / HCIM** | Group |\n| plain | No id |\n| **GIM / HCIM** | Again |\n')
	const ids: unknown[] = []
	const walk = (nodes: CompactNode[]) => {
		for (const node of nodes) {
			if (typeof node === 'string') continue
			if (node[0] === 'tr') ids.push(node[1] ? node[1].id : undefined)
			walk(node.slice(2) as CompactNode[])
		}
	}
	walk(page.body as CompactNode[])
	expect(ids).toEqual([undefined, 'term-gim--hcim', undefined, 'term-gim--hcim-1'])
})

test('internal links are collected with their line for checking', () => {
	const { links } = compile('[a](/setup/map#lodestones) and [b](https://example.com) and [c](#top)\n')
	expect(links).toEqual([
		{ file: 'content/setup/test.md', line: 6, href: '/setup/map#lodestones' },
		{ file: 'content/setup/test.md', line: 6, href: '#top' },
	])
})

test('each table region is named after the heading above it, numbered when a heading has several', () => {
	const table = '| a | b |\n| - | - |\n| 1 | 2 |\n'
	const { page, errors } = compile(`${table}\n## Drop rates\n\n${table}\n${table}\n### Costs\n\n${table}`)
	expect(errors).toEqual([])
	const labels: unknown[] = []
	const walk = (nodes: CompactNode[]) => {
		for (const node of nodes) {
			if (typeof node === 'string') continue
			const [tag, props, ...children] = node
			if (tag === 'table' && props) labels.push(props.dataRegionLabel)
			walk(children)
		}
	}
	walk(page.body as CompactNode[])
	expect(labels).toEqual(['Table', 'Drop rates table', 'Drop rates table 2', 'Costs table'])
})
