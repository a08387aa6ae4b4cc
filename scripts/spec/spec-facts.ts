/**
 * The game facts the specification (issues 2–8) states, each with the page that carries it, the
 * words that page must keep (verbatim, whitespace made one space) and the source that backs it,
 * which must be on the page's `sources:`. `spec-facts.test.ts` checks every row.
 *
 * Where a current source contradicts the specification, the fact is kept here with a dated note:
 * `contradicted` names the source and says what changed, and `says` holds what the page states
 * instead. The page must cite that source. A spec fact is never dropped for lack of a source
 * without a search for one first (issue 41).
 */
export type SpecFact = {
	fact: string
	issue: 2 | 4 | 6 | 7 | 8
	page: string
	says: readonly string[]
	source: string
	contradicted?: { checked: string; note: string }
}

const IRONMAN = 'https://runescape.wiki/w/Ironman_Mode'
const GROUP_IRONMAN = 'https://secure.runescape.com/m=news/g=oldscape/group-ironman-launches-28-oct'
const ADRENALINE_BEFORE_2026 = 'https://runescape.fandom.com/wiki/Adrenaline'
const MODERNISATION = 'https://runescape.wiki/w/Combat_Style_Modernisation'

export const SPEC_FACTS: readonly SpecFact[] = [
	// Issue 6: game modes
	{
		fact: 'A main account can trade and use the Grand Exchange',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['Trade freely', 'Use the Grand Exchange'],
		source: IRONMAN,
	},
	{
		fact: 'Ironman: no trading, no Grand Exchange',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['No trading', 'No Grand Exchange.'],
		source: IRONMAN,
	},
	{
		fact: 'Ironman: group activities allowed',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['Ironmen are kept out of most group minigames and group activities'],
		source: IRONMAN,
		contradicted: {
			checked: '2026-11-28',
			note: 'The RuneScape Wiki says Ironmen are locked out of most group minigames and almost all other group activities; the page says some group content stays open and points to the list.',
		},
	},
	{
		fact: 'Hardcore Ironman: 1 life by default, 3 at most',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['1 life by default, 3 at most.'],
		source: IRONMAN,
	},
	{
		fact: 'Hardcore Ironman: extra lives bought at total levels 1000 and 1600',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['total level reaches 1000', 'total level 1600'],
		source: IRONMAN,
	},
	{
		fact: 'Hardcore Ironman: losing the last life makes it a normal Ironman',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['Losing the last life turns the account into a normal Ironman.'],
		source: IRONMAN,
	},
	{
		fact: 'Group Ironman: groups of 2–5 players',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['A group of 2–5 players.', 'founded on the Iron Enclave by 2–5 players'],
		source: GROUP_IRONMAN,
	},
	{ fact: 'Group Ironman: group storage', issue: 6, page: '/setup/gamemodes', says: ['Group storage'], source: GROUP_IRONMAN },
	{
		fact: 'Competitive Group Ironman: bosses and activities only with the group',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['Bosses and activities only with the group.'],
		source: GROUP_IRONMAN,
	},
	{
		fact: 'Regular and Competitive rulesets, chosen at the Iron Enclave',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['Iron Enclave', 'Regular', 'Competitive'],
		source: 'https://secure.runescape.com/m=news/right-click-examine-group-ironman',
	},
	{
		fact: 'Never upgrade to Hardcore; Hardcore can become Ironman',
		issue: 6,
		page: '/setup/gamemodes',
		says: ['no account can ever be upgraded to Hardcore', 'Hardcore Ironman | Ironman'],
		source: IRONMAN,
	},
	// Issue 6: recommended settings
	{
		fact: 'A world under 200 players',
		issue: 6,
		page: '/setup/recommended-settings',
		says: ['fewer than 200 players'],
		source: 'https://github.com/pvme/pvme-guides/blob/1dca47f757ff9f3659247e588a9b00730723ac78/getting-started/interface-guide.txt',
	},
	{
		fact: '60+ FPS, 120 recommended',
		issue: 6,
		page: '/setup/recommended-settings',
		says: ['At least 60 FPS; 120 FPS'],
		source: 'https://github.com/pvme/pvme-guides/blob/1dca47f757ff9f3659247e588a9b00730723ac78/getting-started/interface-guide.txt',
	},
	// Issue 7: Getting Started
	{
		fact: 'The game tick is 0.6 s',
		issue: 7,
		page: '/getting-started/tick-system',
		says: ['one tick lasts 0.6 seconds'],
		source: 'https://runescape.wiki/w/Game_tick',
	},
	{
		fact: 'Basic abilities build 8 % adrenaline; thresholds cost 15 % and need more than 50 %; ultimates cost 100 %',
		issue: 7,
		page: '/getting-started/combat-basics',
		says: [
			'Until the Combat Style Modernisation of 2 March 2026',
			'basic abilities built 8 % adrenaline each',
			'threshold abilities cost 15 % and needed more than 50 %',
			'ultimates cost 100 %',
		],
		source: ADRENALINE_BEFORE_2026,
		contradicted: {
			checked: '2026-11-28',
			note: `${MODERNISATION}: the 2 March 2026 update removed threshold abilities from melee, ranged and magic and made ultimates cost 60 % or 100 %; the page gives the old values as history with that date.`,
		},
	},
	{
		fact: 'Base critical strike chance 10 %',
		issue: 7,
		page: '/getting-started/damage',
		says: ['Critical strike chance has a base of 10 %'],
		source: 'https://github.com/pvme/pvme-guides/blob/1dca47f757ff9f3659247e588a9b00730723ac78/commands/crit.txt',
	},
	{
		fact: 'Critical damage 10 % at level 1, +5 % per 10 levels, 50 % at 90',
		issue: 7,
		page: '/getting-started/damage',
		says: ['at level 90 a crit is worth roughly one and a half normal hits'],
		source: 'https://github.com/pvme/pvme-guides/blob/1dca47f757ff9f3659247e588a9b00730723ac78/commands/crit.txt',
		contradicted: {
			checked: '2026-11-28',
			note: "The specification's own steps give 55 % at 90, not 50 %, and no current source states the formula; the page keeps the +50 % at 90 and points to the wiki for the exact values.",
		},
	},
	{
		fact: 'Vulnerability: +10 % damage for 60 s',
		issue: 7,
		page: '/getting-started/damage',
		says: ['10 % more damage for one minute'],
		source: 'https://runescape.wiki/w/Vulnerability',
	},
	{
		fact: 'Up to 4 extra action bars',
		issue: 7,
		page: '/getting-started/combat-options/action-bar-binding',
		says: ['up to four extra action bars'],
		source: 'https://runescape.wiki/w/Action_bar',
	},
	{
		fact: 'Recommended maximum target distance 9; magic range 8',
		issue: 7,
		page: '/getting-started/combat-options/target-cycle',
		says: ['A maximum target distance of 9', 'Magic spells reach 8 tiles'],
		source: 'https://runescape.wiki/w/Target_cycle',
	},
	{
		fact: 'Protection prayers reduce damage by 50 %',
		issue: 7,
		page: '/getting-started/prayers-curses',
		says: ['reduce damage from one combat style by 50 %'],
		source: 'https://runescape.wiki/w/Protect_from_Missiles',
	},
	{
		fact: 'Soul Split heals 10 % of damage',
		issue: 7,
		page: '/getting-started/prayers-curses',
		says: ['10 % of each hit'],
		source: 'https://runescape.wiki/w/Curses',
	},
	{
		fact: 'Stat boosts +6, +8, +10, +12 (+12 needs a codex and 99 Prayer)',
		issue: 7,
		page: '/getting-started/prayers-curses',
		says: ['+6', '+8', '+10', '+12', 'need a codex to unlock and 99 Prayer'],
		source: 'https://runescape.wiki/w/Curses',
	},
	// Issue 8: non-quest unlocks
	{
		fact: 'Invention needs 80 Smithing, 80 Crafting and 80 Divination',
		issue: 8,
		page: '/guides/mid-game/invention',
		says: ['80 Smithing', '80 Crafting', '80 Divination'],
		source: 'https://github.com/pvme/pvme-guides/blob/1dca47f757ff9f3659247e588a9b00730723ac78/invention-and-perks/invention-basics.txt',
	},
	{
		fact: 'Player-owned ports need 90 Hunter, 90 Thieving and 90 Divination',
		issue: 8,
		page: '/guides/mid-game/ports',
		says: ['Level 90 (not boosted) in at least one of'],
		source: 'https://runescape.wiki/w/Player-owned_port',
		contradicted: {
			checked: '2026-11-28',
			note: 'The wiki: 90 in any one of twelve skills (Hunter, Thieving and Divination among them), not all three.',
		},
	},
	{
		fact: 'Dungeoneering passive unlocks need 70 Dungeoneering',
		issue: 8,
		page: '/guides/mid-game/passive-unlocks',
		says: ['62 Dungeoneering', '41 Dungeoneering'],
		source: 'https://runescape.wiki/w/Ring_of_vigour',
		contradicted: {
			checked: '2026-11-28',
			note: 'The wiki item pages: the passive items unlock between 21 and 62 Dungeoneering (the ring of vigour is the highest, at 62); none needs 70.',
		},
	},
	{
		fact: 'The Slayer helm needs 87 Slayer and 25 Crafting plus its quests',
		issue: 8,
		page: '/guides/mid-game/slayer-helm',
		says: ['55 Crafting', '35 Slayer', 'Smoking Kills'],
		source: 'https://runescape.wiki/w/Slayer_helmet',
		contradicted: {
			checked: '2026-11-28',
			note: 'The wiki: 55 Crafting to assemble, 400 Slayer points for the ability, 35 Slayer and Smoking Kills; 87 Slayer belongs to another quest.',
		},
	},
	{
		fact: 'Overloads need 96 Herblore (90 with a quest boost)',
		issue: 8,
		page: '/guides/late-game/overloads',
		says: ['96 Herblore'],
		source: 'https://runescape.wikia.com/wiki/File:Overload_(2).png?oldid=16879417',
		contradicted: {
			checked: '2026-11-28',
			note: 'The wiki: 96 Herblore, which can be boosted but not assisted; no quest boost down to 90 is documented, so the page names only the 96.',
		},
	},
	{
		fact: 'The Zuk cape route needs 60 Agility, 40 Mining, 75 Magic and The Elder Kiln',
		issue: 8,
		page: '/guides/late-game/zuk-cape',
		says: ['75 Magic', '60 Agility', '40 Mining', 'The Elder Kiln'],
		source: 'https://github.com/AndreDiaz11/rs3-quest-guide-alt1/blob/main/data/quests/the-elder-kiln.json',
	},
]

/** Facts the specification states about data rather than a page. */
export const SPEC_DATA_FACTS = {
	/** Issue 2: the home countdown's default target. */
	countdownTarget: { event: 'Leagues: Catalyst', start: '2025-09-15T11:15:00Z' },
	/** Issue 4: these levelling guides continue to 120. */
	guidesTo120: ['archaeology', 'dungeoneering', 'invention', 'necromancy'],
} as const
