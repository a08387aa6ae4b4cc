/**
 * Every user-visible string the specification (issues 2–8) quotes, with the issue it comes from
 * and where it is rendered. The strings are contract: tools and tests match on them, so a page or
 * component that stops rendering one verbatim fails `spec-strings.test.ts`.
 *
 * `in` says where to look:
 * - `component`: the module that renders the string (a JSX text or a string literal in it);
 * - `page`: the generated page at that path (its body text, title or a tab label);
 * `superseded` marks a string a later issue replaced on purpose, with the reason; the test checks
 * that it is really gone, so the table cannot drift either way.
 */
export type SpecString = {
	text: string
	issue: 2 | 3 | 4 | 5 | 6 | 7 | 8
	in: { component: string } | { page: string; as?: 'text' | 'title' | 'tab' }
	superseded?: string
}

export const SPEC_STRINGS: readonly SpecString[] = [
	// Issue 2: foundation
	{ text: 'Page Not Found', issue: 2, in: { component: 'app/components/error-boundary.tsx' } },
	{
		text: "The page you're looking for doesn't exist or has been moved.",
		issue: 2,
		in: { component: 'app/components/error-boundary.tsx' },
	},
	{ text: 'Go Home', issue: 2, in: { component: 'app/components/error-boundary.tsx' } },
	{ text: 'Unexpected Application Error!', issue: 2, in: { component: 'app/components/error-boundary.tsx' } },
	{ text: 'No route matches URL', issue: 2, in: { component: 'app/components/error-boundary.tsx' } },
	{ text: 'On this page', issue: 2, in: { component: 'app/components/table-of-contents.tsx' } },
	{ text: 'Leagues Hub', issue: 2, in: { component: 'app/components/site-header.tsx' } },
	{ text: 'Leagues Hub', issue: 8, in: { page: '/leagues', as: 'title' } },
	{ text: "label: 'Setup'", issue: 2, in: { component: 'app/components/bottom-tabs.tsx' } },
	{ text: "label: 'Start'", issue: 2, in: { component: 'app/components/bottom-tabs.tsx' } },
	{ text: "label: 'Home'", issue: 2, in: { component: 'app/components/bottom-tabs.tsx' } },
	{ text: "label: 'Guides'", issue: 2, in: { component: 'app/components/bottom-tabs.tsx' } },
	{ text: "label: 'Leagues'", issue: 2, in: { component: 'app/components/bottom-tabs.tsx' } },
	{ text: 'Leagues start in', issue: 2, in: { component: 'app/home/event-hero.tsx' } },
	{ text: "title: 'Setup'", issue: 2, in: { component: 'app/routes/home.tsx' } },
	{ text: "title: 'Getting Started'", issue: 2, in: { component: 'app/routes/home.tsx' } },
	{ text: "title: 'Guides'", issue: 2, in: { component: 'app/routes/home.tsx' } },
	{ text: 'Wiki Resources', issue: 2, in: { component: 'app/routes/home.tsx' } },
	{ text: ' - Gielinor Guide', issue: 2, in: { component: 'app/lib/content/navigation.ts' } },
	{ text: 'Gielinor Guide - ', issue: 2, in: { component: 'app/lib/content/navigation.ts' } },
	// Issue 3: quests
	{ text: 'No quest requirements', issue: 3, in: { component: 'app/widgets/quest-requirements/quest-requirements.tsx' } },
	{ text: 'No skill requirements', issue: 3, in: { component: 'app/widgets/quest-requirements/panel-parts.tsx' } },
	{ text: "Only show what I'm missing", issue: 3, in: { component: 'app/widgets/quest-requirements/panel-parts.tsx' } },
	{ text: 'Unlocks', issue: 3, in: { component: 'app/routes/quest.tsx' } },
	{ text: 'Can start now', issue: 3, in: { component: 'app/quests/progress-filters.tsx' } },
	// Issue 4: player lookup, skill badge and drawer
	{ text: 'User not found', issue: 4, in: { component: 'app/player/client.ts' } },
	{ text: 'User not found', issue: 4, in: { component: 'app/player/player-lookup.tsx' } },
	{ text: 'Failed to fetch player data: ', issue: 4, in: { component: 'app/player/client.ts' } },
	{ text: 'Error loading profile', issue: 4, in: { component: 'app/player/client.ts' } },
	{ text: 'usePlayerData must be used within a PlayerDataProvider', issue: 4, in: { component: 'app/player/player-data.tsx' } },
	{ text: 'Stats loaded', issue: 4, in: { component: 'app/player/player-lookup.tsx' } },
	{ text: ' Skill Guide', issue: 4, in: { component: 'app/skill-guides/guide-view.ts' } },
	{ text: 'Leveling guide for the skill', issue: 4, in: { component: 'app/skill-guides/skill-drawer.tsx' } },
	{ text: 'Your Current Level', issue: 4, in: { component: 'app/skill-guides/skill-guide-panel.tsx' } },
	{ text: 'Requirement met', issue: 4, in: { component: 'app/skill-guides/requirement.ts' } },
	{ text: 'Requirement not met', issue: 4, in: { component: 'app/skill-guides/requirement.ts' } },
	{ text: '>Current<', issue: 4, in: { component: 'app/skill-guides/skill-guide-panel.tsx' } },
	{ text: 'No leveling guide available for this skill yet.', issue: 4, in: { component: 'app/skill-guides/guide-view.ts' } },
	// Issue 5: author dashboard
	{ text: 'Dashboard Access Required', issue: 5, in: { component: 'app/dashboard/locked-screen.tsx' } },
	{ text: 'Enter Password', issue: 5, in: { component: 'app/dashboard/locked-screen.tsx' } },
	{ text: 'Need access? Contact the development team for credentials.', issue: 5, in: { component: 'app/dashboard/locked-screen.tsx' } },
	{ text: 'Incorrect password', issue: 5, in: { component: 'app/dashboard/locked-screen.tsx' } },
	{ text: 'Access denied. Please try again.', issue: 5, in: { component: 'app/dashboard/locked-screen.tsx' } },
	{ text: 'API Key', issue: 5, in: { component: 'app/dashboard/api-key-form.tsx' } },
	{ text: 'Save Key', issue: 5, in: { component: 'app/dashboard/api-key-form.tsx' } },
	{ text: 'Please enter a valid API key', issue: 5, in: { component: 'app/dashboard/api-key.ts' } },
	{ text: 'API key saved successfully!', issue: 5, in: { component: 'app/dashboard/api-key-form.tsx' } },
	{ text: 'Upload Center', issue: 5, in: { component: 'app/routes/dashboard.index.tsx' } },
	{ text: 'Image Gallery', issue: 5, in: { component: 'app/routes/dashboard.index.tsx' } },
	{ text: 'Logout', issue: 5, in: { component: 'app/routes/dashboard.tsx' } },
	{ text: 'Upload Center', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: 'Choose Files', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: 'No file size limit', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: '% uploaded', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: 'Uploaded Files (', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{
		text: 'Copy URL',
		issue: 5,
		in: { component: 'app/dashboard/copy-url-button.tsx' },
		superseded: 'The gallery update (commit 0aa0f8a) replaced it with "Copy path" and "Copy markdown", what an author pastes into a guide.',
	},
	{
		text: 'URL copied to clipboard',
		issue: 5,
		in: { component: 'app/dashboard/copy-url-button.tsx' },
		superseded: 'Replaced with "Path copied to clipboard" / "Markdown copied to clipboard" with the two copy buttons (commit 0aa0f8a).',
	},
	{ text: 'View Gallery', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: 'Back to Dashboard', issue: 5, in: { component: 'app/dashboard/page-header.tsx' } },
	{
		text: 'API key not found. Please configure your API key in the dashboard.',
		issue: 5,
		in: { component: 'app/dashboard/upload-center.tsx' },
	},
	{ text: 'Failed to get upload URL: ', issue: 5, in: { component: 'app/dashboard/upload-client.ts' } },
	{ text: 'Upload failed: ', issue: 5, in: { component: 'app/dashboard/upload-client.ts' } },
	{ text: "'Upload failed'", issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: 'Unknown error occurred', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: 'All files uploaded successfully!', issue: 5, in: { component: 'app/dashboard/upload-center.tsx' } },
	{ text: 'Showing ${from} - ${to} of ${data.total}', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	{ text: 'Page {page} of {totalPages} ({total} total images)', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	{ text: 'Loading more images...', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	{ text: 'No images found', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	{ text: 'Upload some images to get started', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	{ text: 'Failed to load images', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	{ text: 'Failed to fetch images: ', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	{ text: 'Try Again', issue: 5, in: { component: 'app/dashboard/gallery.tsx' } },
	// Issue 6: widgets and Setup
	{ text: 'Loading full resolution...', issue: 6, in: { component: 'app/widgets/screenshot/screenshot.tsx' } },
	{ text: 'magnifier_button_clicked', issue: 6, in: { component: 'app/widgets/screenshot/screenshot.tsx' } },
	{ text: 'Page Under Construction', issue: 6, in: { component: 'app/widgets/under-construction/under-construction.tsx' } },
	{ text: 'New Players', issue: 6, in: { page: '/setup/client-setup' } },
	{ text: 'OSRS Players', issue: 6, in: { page: '/setup/client-setup' } },
	{ text: 'Jagex Launcher', issue: 6, in: { page: '/setup/client-setup' } },
	{ text: 'Game Download', issue: 6, in: { page: '/setup/client-setup' } },
	...['None', 'Ironman', 'HCIM', 'CGIM', 'GIM'].map((tab) => ({
		text: tab,
		issue: 6 as const,
		in: { page: '/setup/gamemodes', as: 'tab' as const },
	})),
	// Issue 7: Getting Started
	{ text: 'Introduction to Combat', issue: 7, in: { page: '/getting-started/intro-to-combat', as: 'title' } },
	{ text: 'Progression Path and account goals', issue: 7, in: { page: '/getting-started/progression-path', as: 'title' } },
	{ text: 'Introduction to Combat', issue: 7, in: { page: '/getting-started/intro' } },
	{ text: 'Progression Path and account goals', issue: 7, in: { page: '/getting-started/intro' } },
]
