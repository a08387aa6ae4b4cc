/**
 * Maintainer CLI for data/quests/: `npm run quests -- <command>` (or `npx tsx scripts/quests.ts`).
 * Exit codes: 0 ok, 1 problems found, 2 usage error.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { z } from 'zod'
import { formatIssue, type QuestRecord } from '#app/quests/check.ts'
import { createQuestIndex, difficultyLabel, wikiQuickGuideUrl } from '#app/quests/names.ts'
import { type ChainStep, createRequirementResolver, stepDetail } from '#app/quests/requirements.ts'
import type { SkillRequirement } from '#app/quests/schema.ts'
import { skillLabel } from '#app/lib/skills.ts'
import { parse as parseYaml } from 'yaml'
import { checkQuestDir, PROJECT_ROOT, QUEST_DATA_DIR } from '#scripts/build/load-quests.ts'
import { writeQuestData } from '#scripts/build/quest-artifacts.ts'
import {
	applyResolutions,
	auditHasProblems,
	auditQuests,
	formatAudit,
	formatDifference,
	EMPTY_RESOLUTIONS,
	resolutionsFileSchema,
} from '#scripts/quests/quest-audit.ts'
import { readScrapeFolder, type Snapshot, snapshotFromScrape, snapshotSchema } from '#scripts/quests/quest-audit-snapshot.ts'
import { diffHasProblems, diffQuests, formatQuestDiff, runeMetricsQuestsSchema } from '#scripts/quests/quest-diff.ts'

export const HELP = `Usage: npm run quests -- <command> [arguments]

Commands:
  check                 validate data/quests/*.yaml and run every integrity check
  build [--out <dir>]   check, then write the generated quest data to <dir>/quests/
                        (default: app/generated)
  show <quest>          print a quest's full chain in order and its combined requirements;
                        <quest> is a name or alias, any case ("dt", "While Guthix Sleeps")
  diff <file>           compare our data with a saved RuneMetrics quests answer
                        ({"quests":[{title,difficulty,members,questPoints,…}]})
  audit [--all]         compare every quest's prerequisites, partial requirements, levels and
                        quest-point thresholds with the saved wiki snapshot
                        (data/quests-audit/wiki-snapshot.json); differences not recorded in
                        data/quests-audit/resolutions.yaml are problems. --all also lists the
                        resolved ones with their reasons
  audit --refresh <dir> --commit <sha>
                        first rewrite the snapshot from a checkout of the wiki scrape's
                        data/quests/ folder (AndreDiaz11/rs3-quest-guide-alt1 at <sha>)
  --help, -h            this text

Exit codes: 0 ok, 1 problems found, 2 usage error.`

export interface CliIo {
	out: (text: string) => void
	err: (text: string) => void
}

export interface CliOptions {
	dataDir?: string
	/** Where wiki-snapshot.json and resolutions.yaml live. */
	auditDir?: string
	cwd?: string
	/** The snapshot date written by --refresh (default: today). */
	today?: string
}

const OK = 0
const PROBLEMS = 1
const USAGE = 2

function usage(io: CliIo, message: string): number {
	io.err(`${message}\n\n${HELP}`)
	return USAGE
}

function loadOrReport(io: CliIo, dataDir: string): QuestRecord[] | undefined {
	const { records, issues } = checkQuestDir(dataDir)
	if (issues.length === 0) return records
	io.err(issues.map(formatIssue).join('\n'))
	io.err(`\n${issues.length} problem(s) in the quest data; fix them first (npm run quests -- check).`)
	return undefined
}

function skillList(skills: readonly SkillRequirement[]): string {
	return skills.map((s) => `${skillLabel(s.skill)} ${s.level}`).join(', ')
}

function cmdCheck(io: CliIo, dataDir: string): number {
	const { records, issues } = checkQuestDir(dataDir)
	if (issues.length > 0) {
		io.err(issues.map(formatIssue).join('\n'))
		io.err(`\n✗ ${issues.length} problem(s) in ${records.length} valid quest file(s).`)
		return PROBLEMS
	}
	const unverified = records.filter((r) => !r.quest.verified).length
	io.out(`✓ ${records.length} quests, no problems. ${unverified} unverified (goal: none; see npm run quests -- audit).`)
	return OK
}

function cmdBuild(io: CliIo, args: string[], dataDir: string, cwd: string): number {
	let outDir = join(PROJECT_ROOT, 'app', 'generated')
	if (args.length > 0) {
		if (args[0] !== '--out' || !args[1] || args.length > 2) {
			return usage(io, `build: unexpected arguments: ${args.join(' ')}`)
		}
		outDir = resolve(cwd, args[1])
	}
	const problems = writeQuestData(outDir, { dataDir })
	if (problems.length > 0) {
		io.err(problems.join('\n'))
		io.err(`\n✗ ${problems.length} problem(s); nothing written.`)
		return PROBLEMS
	}
	const questDir = join(outDir, 'quests')
	const files = readdirSync(questDir)
	const bytes = files.reduce((sum, f) => sum + statSync(join(questDir, f)).size, 0)
	io.out(`✓ wrote ${files.length} files (${(bytes / 1024).toFixed(1)} kB) to ${questDir}`)
	return OK
}

function cmdShow(io: CliIo, args: string[], dataDir: string): number {
	const input = args.join(' ').trim()
	if (!input) return usage(io, 'show: name a quest, e.g. show "Desert Treasure"')
	const records = loadOrReport(io, dataDir)
	if (!records) return PROBLEMS
	const quests = records.map((r) => r.quest)
	const index = createQuestIndex(quests)
	const quest = index.find(input)
	if (!quest) {
		const hints = index.suggest(input).map((q) => `  ${q.name}`)
		io.err(`No quest called ${JSON.stringify(input)}.${hints.length ? ` Did you mean:\n${hints.join('\n')}` : ''}`)
		return PROBLEMS
	}
	const resolver = createRequirementResolver(quests)
	const summary = resolver.summary(quest.name)
	const lines: string[] = []
	lines.push(quest.name)
	if (quest.aliases?.length) lines.push(`  also: ${quest.aliases.join(', ')}`)
	const facts = [
		difficultyLabel(quest.difficulty),
		quest.members ? 'members' : 'free-to-play',
		`${quest.questPoints} quest point${quest.questPoints === 1 ? '' : 's'}`,
	]
	if (quest.series) facts.push(`series: ${quest.series}`)
	lines.push(`  ${facts.join(' · ')}`)
	if (quest.unverified?.length) lines.push(`  unverified: ${quest.unverified.join(', ')}`)
	lines.push(
		quest.verified
			? `  verified ${quest.verified.on} against ${quest.verified.source}`
			: '  requirements not verified against a source yet',
	)
	for (const note of quest.notes ?? []) lines.push(`  note: ${note}`)
	lines.push(`  wiki quick guide: ${wikiQuickGuideUrl(quest.wikiTitle ?? quest.name)}`)
	lines.push('')
	const count = summary.quests.length
	const parts = summary.quests.filter((s) => s.partial).length
	lines.push(`Chain, in order (${count} step${count === 1 ? '' : 's'}${parts ? `, ${parts} of them part of a quest` : ''}):`)
	const width = String(count).length
	const label = (step: ChainStep) => `${step.name}${stepDetail(step)}`
	const nameWidth = Math.min(48, Math.max(...summary.quests.map((s) => label(s).length)))
	summary.quests.forEach((step, i) => {
		const skills = skillList(step.skills)
		const name = skills ? label(step).padEnd(nameWidth) : label(step)
		lines.push(`  ${String(i + 1).padStart(width)}. ${name}${skills ? `  ${skills}` : ''}`)
	})
	lines.push('')
	lines.push('Combined skill levels:')
	if (summary.totalSkills.length === 0) lines.push('  none')
	for (const s of summary.totalSkills) lines.push(`  ${skillLabel(s.skill).padEnd(14)}${s.level}`)
	if (summary.anyOf.length) {
		lines.push('One level of each group:')
		for (const group of summary.anyOf) lines.push(`  ${skillList(group).replace(/, /g, ' or ')}`)
	}
	if (summary.ironmanSkills.length) {
		lines.push('Ironman accounts also need:')
		for (const s of summary.ironmanSkills) lines.push(`  ${skillLabel(s.skill).padEnd(14)}${s.level}`)
	}
	lines.push('')
	lines.push(`Quest points needed: ${summary.questPoints || 'none'}`)
	if (summary.other.length) {
		lines.push('Other requirements:')
		for (const o of summary.other) lines.push(`  - ${o}`)
	}
	const unlocks = resolver.unlocks(quest.name)
	lines.push(`Directly unlocks: ${unlocks.length ? unlocks.join(', ') : 'nothing'}`)
	io.out(lines.join('\n'))
	return OK
}

function cmdDiff(io: CliIo, args: string[], dataDir: string, cwd: string): number {
	if (args.length !== 1) return usage(io, 'diff: give one file, e.g. diff quests.json')
	const file = resolve(cwd, args[0]!)
	if (!existsSync(file) || !statSync(file).isFile()) {
		io.err(`diff: file not found: ${args[0]} (looked at ${file})`)
		return USAGE
	}
	let json: unknown
	try {
		json = JSON.parse(readFileSync(file, 'utf8'))
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error)
		io.err(`diff: ${args[0]} is not valid JSON (${reason}).`)
		return USAGE
	}
	if (json && typeof json === 'object' && 'error' in json && !('quests' in json)) {
		io.err(`diff: ${args[0]} is a RuneMetrics error answer (${String(json.error)}), not a quest list.`)
		return USAGE
	}
	const parsed = runeMetricsQuestsSchema.safeParse(json)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!
		const at = issue.path.length ? ` at ${issue.path.join('.')}` : ''
		io.err(
			`diff: ${args[0]} does not look like a RuneMetrics quests answer${at}: ${issue.message}.\n` +
				'Expected {"quests":[{"title":…,"difficulty":…,"members":…,"questPoints":…}]}.',
		)
		return USAGE
	}
	const theirs = parsed.data.quests
	if (theirs.length === 0) {
		io.err(`diff: ${args[0]} lists no quests (RuneMetrics answers so for private or unknown players).`)
		return USAGE
	}
	const records = loadOrReport(io, dataDir)
	if (!records) return PROBLEMS
	const diff = diffQuests(
		records.map((r) => r.quest),
		theirs,
	)
	io.out(formatQuestDiff(diff, theirs.length))
	return diffHasProblems(diff) ? PROBLEMS : OK
}

const SNAPSHOT_SOURCE = {
	repository: 'AndreDiaz11/rs3-quest-guide-alt1',
	path: 'data/quests/*.json',
	note: 'Requirement trees, levels and quest-point thresholds scraped from runescape.wiki quest pages (mostly updated July 2026). Its level lists merge ironman-only levels and some item-note levels in.',
}

function readJsonOrYaml<T>(io: CliIo, file: string, schema: z.ZodType<T>): T | undefined {
	if (!existsSync(file)) {
		io.err(`audit: ${file} not found.`)
		return undefined
	}
	const text = readFileSync(file, 'utf8')
	let raw: unknown
	try {
		raw = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)
	} catch (error) {
		io.err(`audit: ${file} cannot be read (${error instanceof Error ? error.message : String(error)}).`)
		return undefined
	}
	const parsed = schema.safeParse(raw)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!
		io.err(`audit: ${file}${issue.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue.message}`)
		return undefined
	}
	return parsed.data
}

function cmdAudit(io: CliIo, args: string[], options: Required<Omit<CliOptions, 'today'>> & { today: string }): number {
	const snapshotFile = join(options.auditDir, 'wiki-snapshot.json')
	let all = false
	let refresh: string | undefined
	let commit: string | undefined
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!
		if (arg === '--all') all = true
		else if (arg === '--refresh' && args[i + 1]) refresh = args[++i]
		else if (arg === '--commit' && args[i + 1]) commit = args[++i]
		else return usage(io, `audit: unexpected argument ${JSON.stringify(arg)}`)
	}
	if (refresh !== undefined) {
		if (!commit || !/^[0-9a-f]{7,40}$/i.test(commit))
			return usage(io, 'audit --refresh <dir> needs --commit <sha> (the scrape commit it comes from)')
		const dir = resolve(options.cwd, refresh)
		if (!existsSync(dir) || !statSync(dir).isDirectory()) {
			io.err(`audit: folder not found: ${refresh} (looked at ${dir})`)
			return USAGE
		}
		let snapshot: Snapshot
		try {
			snapshot = snapshotFromScrape(readScrapeFolder(dir), {
				...SNAPSHOT_SOURCE,
				commit,
				takenOn: options.today,
			})
		} catch (error) {
			io.err(`audit: ${error instanceof Error ? error.message : String(error)}`)
			return PROBLEMS
		}
		if (Object.keys(snapshot.quests).length === 0) {
			io.err(`audit: no quest files (*.json) in ${refresh}.`)
			return USAGE
		}
		mkdirSync(dirname(snapshotFile), { recursive: true })
		writeFileSync(snapshotFile, `${JSON.stringify(snapshot, null, 1)}\n`)
		io.out(`✓ wrote ${Object.keys(snapshot.quests).length} quests to ${snapshotFile}`)
	}
	const snapshot = readJsonOrYaml(io, snapshotFile, snapshotSchema)
	if (!snapshot) return PROBLEMS
	const resolutionsFile = join(options.auditDir, 'resolutions.yaml')
	const resolutions = existsSync(resolutionsFile) ? readJsonOrYaml(io, resolutionsFile, resolutionsFileSchema) : EMPTY_RESOLUTIONS
	if (resolutions === undefined) return PROBLEMS
	const records = loadOrReport(io, options.dataDir)
	if (!records) return PROBLEMS
	const quests = records.map((r) => r.quest)
	const result = applyResolutions(quests, auditQuests(quests, snapshot, resolutions), resolutions.differences)
	if (all && result.resolved.length) {
		io.out(`Resolved differences (${result.resolved.length}):`)
		for (const { difference, resolution } of result.resolved) {
			io.out(`  ${formatDifference(difference)}\n    → ${resolution.reason} (${resolution.source})`)
		}
		io.out('')
	}
	io.out(formatAudit(result, snapshot))
	return auditHasProblems(result) ? PROBLEMS : OK
}

export function runQuestsCli(argv: readonly string[], io: CliIo, options: CliOptions = {}): number {
	const dataDir = options.dataDir ?? QUEST_DATA_DIR
	const cwd = options.cwd ?? process.cwd()
	const auditDir = options.auditDir ?? join(PROJECT_ROOT, 'data', 'quests-audit')
	const today = options.today ?? new Date().toISOString().slice(0, 10)
	const [command, ...args] = argv
	if (command === undefined) return usage(io, 'Name a command.')
	if (command === '--help' || command === '-h' || command === 'help' || args.includes('--help')) {
		io.out(HELP)
		return OK
	}
	switch (command) {
		case 'check':
			return args.length ? usage(io, 'check takes no arguments') : cmdCheck(io, dataDir)
		case 'build':
			return cmdBuild(io, args, dataDir, cwd)
		case 'show':
			return cmdShow(io, args, dataDir)
		case 'diff':
			return cmdDiff(io, args, dataDir, cwd)
		case 'audit':
			return cmdAudit(io, args, { dataDir, auditDir, cwd, today })
		default:
			return usage(io, `Unknown command ${JSON.stringify(command)}.`)
	}
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
	process.exitCode = runQuestsCli(process.argv.slice(2), {
		out: (text) => process.stdout.write(`${text}\n`),
		err: (text) => process.stderr.write(`${text}\n`),
	})
}
