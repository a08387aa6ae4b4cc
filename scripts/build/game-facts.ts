import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import type { z } from 'zod'
import { type GameFacts, gameUpdatesSchema, gearSchema, skillCapsSchema, unlockSchema } from '#app/lib/game-facts/schema.ts'

type Loaded<T> = { data: T; problems: string[] }

function read(file: string, label: string, json = false): { raw?: unknown; problem?: string } {
	try {
		const text = readFileSync(file, 'utf8')
		return { raw: json ? JSON.parse(text) : parse(text) }
	} catch (error) {
		return { problem: `${label}: ${(error as Error).message.split('\n')[0]}` }
	}
}

function issues(label: string, error: z.ZodError, entryName: (index: number) => string | undefined): string[] {
	return error.issues.map((issue) => {
		const [first, ...rest] = issue.path
		const entry = typeof first === 'number' ? `[${first}]${entryName(first) ? ` "${entryName(first)}"` : ''}` : String(first ?? '(file)')
		return `${label}: ${entry}${rest.length ? ` ${rest.join('.')}` : ''}: ${issue.message}`
	})
}

function loadList<T extends { id: string }>(file: string, label: string, schema: z.ZodType<T>): Loaded<T[]> {
	const { raw, problem } = read(file, label)
	if (problem) return { data: [], problems: [problem] }
	if (!Array.isArray(raw)) return { data: [], problems: [`${label}: expected a list of entries`] }
	const data: T[] = []
	const problems: string[] = []
	const ids = new Set<string>()
	const names = new Map<string, string>()
	raw.forEach((entry: unknown, i) => {
		const result = schema.safeParse(entry)
		const id = (entry as { id?: unknown } | null)?.id
		if (!result.success) {
			const entry = `${label}: [${i}]${typeof id === 'string' ? ` "${id}"` : ''}`
			for (const issue of result.error.issues) problems.push(`${entry} ${issue.path.join('.') || '(entry)'}: ${issue.message}`)
			return
		}
		if (ids.has(result.data.id)) problems.push(`${label}: [${i}] id "${result.data.id}" is used twice`)
		ids.add(result.data.id)
		const entryNames = [(result.data as { name?: string }).name, ...((result.data as { aliases?: string[] }).aliases ?? [])]
		for (const name of entryNames) {
			if (!name) continue
			const key = name.toLowerCase()
			const owner = names.get(key)
			if (owner && owner !== result.data.id) problems.push(`${label}: [${i}] "${name}" already names "${owner}"`)
			names.set(key, result.data.id)
		}
		data.push(result.data)
	})
	return { data, problems }
}

/** data/game/skills.json: every skill, with its cap (app/lib/skills.ts imports the file itself). */
function checkSkillCaps(dataDir: string): string[] {
	const label = 'data/game/skills.json'
	const { raw, problem } = read(path.join(dataDir, 'game/skills.json'), label, true)
	if (problem) return [problem]
	const result = skillCapsSchema.safeParse(raw)
	return result.success ? [] : issues(label, result.error, () => undefined)
}

/**
 * Reads and checks the game facts: data/game/ (skill caps, gear, unlocks) and
 * data/game-updates.yaml (newest first). Problems name the file and the entry.
 */
export function loadGameFacts(dataDir: string): { facts: GameFacts; problems: string[] } {
	const problems = checkSkillCaps(dataDir)
	const gear = loadList(path.join(dataDir, 'game/gear.yaml'), 'data/game/gear.yaml', gearSchema)
	const unlocks = loadList(path.join(dataDir, 'game/unlocks.yaml'), 'data/game/unlocks.yaml', unlockSchema)
	problems.push(...gear.problems, ...unlocks.problems)
	const clash = new Set(gear.data.flatMap((g) => [g.name, ...g.aliases].map((n) => n.toLowerCase())))
	for (const unlock of unlocks.data) {
		for (const name of [unlock.name, ...unlock.aliases]) {
			if (clash.has(name.toLowerCase())) problems.push(`data/game/unlocks.yaml: "${name}" also names gear in data/game/gear.yaml`)
		}
	}

	const updatesLabel = 'data/game-updates.yaml'
	const { raw, problem } = read(path.join(dataDir, 'game-updates.yaml'), updatesLabel)
	let updates: GameFacts['updates'] = []
	if (problem) problems.push(problem)
	else {
		const result = gameUpdatesSchema.safeParse(raw)
		if (!result.success) {
			problems.push(...issues(updatesLabel, result.error, (i) => (raw as { title?: string }[])[i]?.title))
		} else {
			updates = result.data
			const known = { gear: new Set(gear.data.map((g) => g.id)), unlocks: new Set(unlocks.data.map((u) => u.id)) }
			updates.forEach((update, i) => {
				const previous = updates[i - 1]
				if (previous && previous.date < update.date) {
					problems.push(
						`${updatesLabel}: "${update.title}": updates are listed newest first, but ${update.date} comes after ${previous.date}`,
					)
				}
				for (const g of update.touches.gear)
					if (!known.gear.has(g)) problems.push(`${updatesLabel}: "${update.title}": touches.gear: no gear "${g}" in data/game/gear.yaml`)
				for (const u of update.touches.unlocks)
					if (!known.unlocks.has(u))
						problems.push(`${updatesLabel}: "${update.title}": touches.unlocks: no unlock "${u}" in data/game/unlocks.yaml`)
			})
		}
	}
	return { facts: { gear: gear.data, unlocks: unlocks.data, updates }, problems }
}
