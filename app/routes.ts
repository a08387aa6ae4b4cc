import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'
import navigation from './generated/navigation.json' with { type: 'json' }

// Each section of content/ is one splat route served by the guide module inside the wiki layout.
const sections = navigation.sections.map((s) => route(`${s.section}/*`, 'routes/guide.tsx', { id: `guide-${s.section}` }))

export default [
	index('routes/home.tsx'),
	layout('routes/wiki-layout.tsx', sections),
	route('quests', 'routes/quests.tsx'),
	route('quests/:slug', 'routes/quest.tsx'),
	// Site search without JavaScript (and the dialog's fallback): server-rendered, never prerendered.
	route('search', 'routes/search.tsx'),
	route('tools', 'routes/tools.tsx'),
	route('tools/plan', 'routes/tools.plan.tsx'),
	route('tools/recurring', 'routes/tools.recurring.tsx'),
	// A player's history and the top-gainers boards: server-rendered on each request (never prerendered), noindex.
	route('players', 'routes/top-gainers.tsx'),
	route('players/:name', 'routes/players.tsx'),
	// Groups (clans): server-rendered on each request, the creation form works without JavaScript.
	route('groups', 'routes/groups.tsx'),
	route('groups/:id', 'routes/group.tsx'),
	// Competitions: server-rendered on each request, the creation and update forms work without JavaScript.
	route('competitions', 'routes/competitions.tsx'),
	route('competitions/:id', 'routes/competition.tsx'),
	// Name changes: submitted by anyone (the form works without JavaScript), checked, applied or reviewed.
	route('names', 'routes/names.tsx'),
	route('privacy', 'routes/privacy.tsx'),
	// Readers' reports ("Something wrong on this page?"): the form's action and its answer page.
	route('feedback', 'routes/feedback.tsx'),
	// Author dashboard: server-rendered only, never prerendered or in the sitemap.
	route('dev/dashboard', 'routes/dashboard.tsx', [
		index('routes/dashboard.index.tsx'),
		route('upload', 'routes/dashboard.upload.tsx'),
		route('gallery', 'routes/dashboard.gallery.tsx'),
		route('players', 'routes/dashboard.players.tsx'),
		route('groups', 'routes/dashboard.groups.tsx'),
		route('reports', 'routes/dashboard.reports.tsx'),
		route('names', 'routes/dashboard.names.tsx'),
	]),
	route('robots.txt', 'routes/robots.ts'),
	route('sitemap.xml', 'routes/sitemap.ts'),
	route('dev/widgets', 'routes/dev.widgets.tsx'),
	// Hidden (noindex) page with the player widgets, for browser tests and offline development.
	route('dev/player', 'routes/dev.player.tsx'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
