/**
 * The pages of the Tools section, in menu order. The header, the phone menu, the /tools index and
 * the search index all read this list: a new tool is a route plus one line here.
 */
export type ToolPage = { path: string; title: string; description: string }

export const TOOL_PAGES: readonly ToolPage[] = [
	{
		path: '/tools/plan',
		title: 'Account planner',
		description: 'Pick a quest or unlock and get the ordered quests and training your account still needs.',
	},
	{
		path: '/tools/recurring',
		title: 'Dailies and weeklies',
		description: 'Daily, weekly and monthly activities with reset timers, ticks that clear themselves, and your levels.',
	},
]

/**
 * The tools whose route exists so far: the index, the menus, the prerender list and the sitemap
 * show only these. A tool joins when its route lands (add its path here).
 */
const ROUTED_TOOLS: ReadonlySet<string> = new Set(['/tools/plan', '/tools/recurring'])

export const ROUTED_TOOL_PAGES: readonly ToolPage[] = TOOL_PAGES.filter((tool) => ROUTED_TOOLS.has(tool.path))

/** The pages of the Tools section: its index and every routed tool. */
export const TOOL_SECTION_PATHS: readonly string[] = ['/tools', ...ROUTED_TOOL_PAGES.map((tool) => tool.path)]
