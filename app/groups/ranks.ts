/** RS3 clan ranks, highest first, spelt as the clan member list spells them. */
export const CLAN_RANKS = [
	'Owner',
	'Deputy Owner',
	'Overseer',
	'Coordinator',
	'Organiser',
	'Admin',
	'General',
	'Captain',
	'Lieutenant',
	'Sergeant',
	'Corporal',
	'Recruit',
] as const

export type ClanRank = (typeof CLAN_RANKS)[number]

export function isClanRank(value: string): value is ClanRank {
	return (CLAN_RANKS as readonly string[]).includes(value)
}
