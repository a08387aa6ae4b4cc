import type { PlayerData } from './types.ts'

const REASONS = {
	PROFILE_PRIVATE:
		'This RuneMetrics profile is private, so quest progress is hidden. To show it, sign in on the RuneScape website and set your RuneMetrics profile to public in your account settings.',
	NOT_A_MEMBER: 'RuneMetrics will not show this profile, so quest progress is not available.',
	PROFILE_UNAVAILABLE: 'RuneMetrics could not show this profile right now, so quest progress is not available.',
	NO_PROFILE: 'RuneMetrics has no profile for this name, so quest progress is not available.',
} as const

/** A plain sentence for a loaded player whose RuneMetrics profile was not shown, else undefined. */
export function profileNotice(data: Pick<PlayerData, 'error' | 'skillvalues'>): string | undefined {
	if (!data.error) return undefined
	const skills =
		data.skillvalues.length > 0
			? 'Skill levels come from the public hiscores.'
			: 'The hiscores do not list this player either, so every skill counts as level 1.'
	return `${REASONS[data.error]} ${skills}`
}
