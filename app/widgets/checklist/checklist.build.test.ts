import { expect, test } from 'vitest'
import { createRequirementResolver } from '#app/quests/requirements.ts'
import { compilePage } from '#scripts/build/content/compile-page.ts'

const resolver = createRequirementResolver([
	{ name: "Cook's Assistant", requirements: { quest: [], skill: [], other: [] } },
	{ name: 'Priest in Peril', aliases: ['PiP'], requirements: { quest: [], skill: [], other: [] } },
	{ name: 'Nature Spirit', requirements: { quest: ['Priest in Peril'], skill: [], other: [] } },
])
const known = (name: string) => (resolver.chain(name).length > 0 ? resolver.summary(name) : undefined)

function compile(list: string, withSummaries = true) {
	const front = '---\ntitle: T\norder: 1\ndescription: A page for testing checklist items.\n---\n'
	return compilePage(`${front}\n:::checklist{id="route"}\n${list}\n:::\n`, {
		file: 'content/guides/t.md',
		path: '/guides/t',
		section: 'guides',
		publicFiles: { imageSize: () => undefined, exists: () => false, readText: () => undefined },
		resolveQuest: (name) => known(name)?.quest,
		...(withSummaries ? { questSummary: known } : {}),
	})
}

function checklistProps(result: ReturnType<typeof compile>) {
	const found = JSON.stringify(result.page.body).match(/"dataWidget":"checklist","props":"((?:[^"\\]|\\.)*)"/)
	return JSON.parse(JSON.parse(`"${found![1]}"`)) as { itemIds: string[]; itemQuests?: Record<string, string> }
}

const messages = (result: ReturnType<typeof compile>) => result.errors.map((e) => e.reason)

test('an item that starts with a quest link stands for the quest, with the quest slug as its id', () => {
	const result = compile(
		[
			"- [Cook's Assistant](/quests/cooks-assistant) — a few minutes long",
			'- [PiP](/quests/priest-in-peril) — written with an alias',
			'- [Nature Spirit](/quests/nature-spirit) — kept under its own id {#spirit}',
			'- Train Prayer — then read the [quest list](/quests)',
			"- Finish [Cook's Assistant](/quests/cooks-assistant) again — the link is not first",
		].join('\n'),
	)
	expect(messages(result)).toEqual([])
	expect(checklistProps(result)).toEqual({
		id: 'route',
		itemIds: [
			'cooks-assistant',
			'priest-in-peril',
			'spirit',
			'train-prayer-then-read-the-quest-list',
			'finish-cooks-assistant-again-the-link-is-not-first',
		],
		itemQuests: { 'cooks-assistant': "Cook's Assistant", 'priest-in-peril': 'Priest in Peril', spirit: 'Nature Spirit' },
	})
})

test('a list without quest links has no itemQuests', () => {
	const result = compile('- Set up the interface\n- Lock it')
	expect(checklistProps(result)).toEqual({ id: 'route', itemIds: ['set-up-the-interface', 'lock-it'] })
})

test('a quest link whose text is no quest, or names another quest, stops the build', () => {
	expect(messages(compile('- [The first quest](/quests/cooks-assistant)'))).toEqual([
		'the item starts with a link to /quests/cooks-assistant, so it stands for a quest, but "The first quest" is not a quest name',
	])
	expect(messages(compile('- [Nature Spirit](/quests/priest-in-peril)'))).toEqual([
		'"Nature Spirit" is the quest at /quests/nature-spirit, but the item links to /quests/priest-in-peril',
	])
	// Without quest data (unit tests of other widgets) the target cannot be checked, only the name.
	expect(messages(compile('- [Nature Spirit](/quests/priest-in-peril)', false))).toEqual([])
})

test('a quest listed before a quest it needs stops the build', () => {
	const result = compile('- [Nature Spirit](/quests/nature-spirit)\n- [Priest in Peril](/quests/priest-in-peril)')
	expect(result.errors.map((e) => e.message)).toEqual([
		'content/guides/t.md:8: "Nature Spirit" needs "Priest in Peril", which comes later in the list',
	])
	expect(messages(compile('- [Priest in Peril](/quests/priest-in-peril)\n- [Nature Spirit](/quests/nature-spirit)'))).toEqual([])
})

test('the same quest twice shares an id and stops the build', () => {
	expect(messages(compile("- [Cook's Assistant](/quests/cooks-assistant)\n- [Cook's Assistant](/quests/cooks-assistant) again"))).toEqual([
		'two checklist items share the id "cooks-assistant"; give one an explicit {#id}',
	])
})

test('a checklist takes its title from the heading above it, unless the author wrote one', () => {
	const front = '---\ntitle: T\norder: 1\ndescription: A page for testing checklist items.\n---\n'
	const page = (body: string) =>
		compilePage(`${front}\n${body}`, {
			file: 'content/guides/t.md',
			path: '/guides/t',
			section: 'guides',
			publicFiles: { imageSize: () => undefined, exists: () => false, readText: () => undefined },
			resolveQuest: () => undefined,
		})
	const titles = (result: ReturnType<typeof page>) =>
		[...JSON.stringify(result.page.body).matchAll(/"dataWidget":"checklist","props":"((?:[^"\\]|\\.)*)"/g)].map(
			(m) => (JSON.parse(JSON.parse(`"${m[1]}"`)) as { title?: string }).title,
		)
	const result = page(
		':::checklist{id="first"}\n- a\n:::\n\n## Before **launch**\n\n:::checklist{id="second"}\n- b\n:::\n\n:::checklist{id="third" title="Own name"}\n- c\n:::\n',
	)
	expect(result.errors).toEqual([])
	expect(titles(result)).toEqual([undefined, 'Before launch', 'Own name'])
})
