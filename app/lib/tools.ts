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

/** The pages of the Tools section: its index and every tool. */
export const TOOL_SECTION_PATHS: readonly string[] = ['/tools', ...TOOL_PAGES.map((tool) => tool.path)]
