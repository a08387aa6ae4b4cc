/**
 * `npm run lint:cycles`: no import cycle between features. A feature is a folder under app/ other
 * than the shared ones (decision 0011); feature A depends on feature B when a file of A imports a
 * file of B at run time (`import type` is erased and does not count; tests and test kits do not
 * count). Any cycle in that graph fails, naming one import on each side.
 *
 * KNOWN lists the cycles that remain until their issue lands: a cycle that is not listed fails, and
 * so does a listed one that is gone (remove it from the list), so the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const SHARED = new Set(['lib', 'components', 'server', 'routes', 'generated', 'styles', 'widgets'])

/** Cycles (features in alphabetical order, joined by ' ↔ ') waiting for their issue. */
const KNOWN: Record<string, string> = {}

type Edge = { from: string; to: string; file: string; target: string }

const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g

/** The modules a file needs at run time. */
export function runtimeImports(source: string): string[] {
	const found: string[] = []
	for (const match of source.matchAll(IMPORT)) {
		const dynamic = match[5]
		if (dynamic) {
			found.push(dynamic)
			continue
		}
		if (match[2]) continue
		const clause = match[3] ?? ''
		// `import { type A, type B } from …` is erased too.
		const braces = /^\{([\s\S]*)\}$/.exec(clause.trim())
		if (braces && braces[1]!.split(',').every((name) => name.trim() === '' || name.trim().startsWith('type '))) continue
		found.push(match[4]!)
	}
	return found
}

/** `app/<feature>/…` → the feature; shared folders and files outside app/ → undefined. */
export function featureOf(file: string): string | undefined {
	const parts = file.split('/')
	if (parts[0] !== 'app' || parts.length < 3) return undefined
	return SHARED.has(parts[1]!) ? undefined : parts[1]
}

function resolve(file: string, specifier: string): string | undefined {
	if (specifier.startsWith('#app/')) return `app/${specifier.slice('#app/'.length)}`
	if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
	return undefined
}

/** Every cycle between features: strongly connected groups of two or more (Tarjan). */
export function featureCycles(edges: Edge[]): string[][] {
	const graph = new Map<string, Set<string>>()
	for (const edge of edges) {
		if (!graph.has(edge.from)) graph.set(edge.from, new Set())
		if (!graph.has(edge.to)) graph.set(edge.to, new Set())
		graph.get(edge.from)!.add(edge.to)
	}
	let index = 0
	const indices = new Map<string, number>()
	const low = new Map<string, number>()
	const stack: string[] = []
	const onStack = new Set<string>()
	const groups: string[][] = []
	const visit = (node: string) => {
		indices.set(node, index)
		low.set(node, index)
		index += 1
		stack.push(node)
		onStack.add(node)
		for (const next of graph.get(node) ?? []) {
			if (!indices.has(next)) {
				visit(next)
				low.set(node, Math.min(low.get(node)!, low.get(next)!))
			} else if (onStack.has(next)) {
				low.set(node, Math.min(low.get(node)!, indices.get(next)!))
			}
		}
		if (low.get(node) === indices.get(node)) {
			const group: string[] = []
			let member: string
			do {
				member = stack.pop()!
				onStack.delete(member)
				group.push(member)
			} while (member !== node)
			if (group.length > 1) groups.push(group.toSorted())
		}
	}
	for (const node of [...graph.keys()].toSorted()) if (!indices.has(node)) visit(node)
	return groups
}

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.posix.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.test-kit\.tsx?$/.test(entry.name) ? [full] : []
	})
}

function main() {
	const root = path.resolve(import.meta.dirname, '../..')
	process.chdir(root)
	const edges: Edge[] = []
	for (const file of sourceFiles('app')) {
		const from = featureOf(file)
		if (!from) continue
		for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
			const target = resolve(file, specifier)
			const to = target && featureOf(target)
			if (to && to !== from) edges.push({ from, to, file, target: target! })
		}
	}
	const problems: string[] = []
	const seen = new Set<string>()
	for (const group of featureCycles(edges)) {
		// Name each pair in the group that imports both ways, with one import each way.
		let pairs = 0
		for (const a of group) {
			for (const b of group) {
				if (a >= b) continue
				const there = edges.find((e) => e.from === a && e.to === b)
				const back = edges.find((e) => e.from === b && e.to === a)
				if (!there || !back) continue
				const name = `${a} ↔ ${b}`
				pairs += 1
				seen.add(name)
				if (KNOWN[name]) continue
				problems.push(`${name}: ${there.file} imports ${there.target}; ${back.file} imports ${back.target}`)
			}
		}
		// A longer loop (a → b → c → a) with no pair importing both ways.
		if (pairs === 0) problems.push(`cycle through ${group.join(', ')}`)
	}
	for (const name of Object.keys(KNOWN)) {
		if (!seen.has(name)) problems.push(`${name} is no longer a cycle: remove it from KNOWN in scripts/dev/check-cycles.ts`)
	}
	if (problems.length > 0) {
		console.error(
			`Import cycles between features (a feature imports another only one way: move the shared part to app/lib/ or app/server/):\n${problems.map((p) => `  ${p}`).join('\n')}`,
		)
		process.exit(1)
	}
	const known = Object.keys(KNOWN)
	console.log(
		known.length > 0
			? `No new import cycle between features (${known.length} known: ${known.join(', ')}).`
			: 'No import cycle between features.',
	)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
