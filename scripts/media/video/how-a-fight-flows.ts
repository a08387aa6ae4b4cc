/**
 * "How a fight flows": the Getting Started intro video, drawn frame by frame as SVG.
 * Each scene has the narration shown at the bottom of the picture; the same lines become the
 * video's WebVTT file, which the page shows as the transcript. Numbers on hitsplats are examples.
 */
import { PALETTE as C, clamp, group, progress, rect, round, text } from './svg.ts'

export const WIDTH = 1280
export const HEIGHT = 720
export const FPS = 30
const TICK = 0.6

type Scene = {
	start: number
	end: number
	/** Shown at the top left; the title card has none. */
	heading?: string
	narration: string
	/** Draws the scene at `t` seconds after its start. */
	draw: (t: number) => string
}

// ——— actors and interface pieces ———

const PLAYER = { x: 330, y: 380 }
const MONSTER = { x: 930, y: 370 }

function player(lifeFraction?: number): string {
	const { x, y } = PLAYER
	return [
		`<ellipse cx="${x}" cy="${y + 92}" rx="62" ry="12" fill="#0c0f14"/>`,
		rect(x - 34, y - 20, 68, 96, { fill: C.blue, radius: 16 }),
		`<circle cx="${x}" cy="${y - 52}" r="30" fill="#e6c9a8"/>`,
		`<path d="M${x - 32} ${y - 62} q32 -40 64 0 z" fill="#6b4f32"/>`,
		`<line x1="${x + 40}" y1="${y + 30}" x2="${x + 96}" y2="${y - 40}" stroke="#cfd6e4" stroke-width="8" stroke-linecap="round"/>`,
		`<line x1="${x + 30}" y1="${y + 24}" x2="${x + 54}" y2="${y + 40}" stroke="${C.gold}" stroke-width="8" stroke-linecap="round"/>`,
		lifeFraction === undefined ? '' : lifeBar(x - 60, y - 118, 120, lifeFraction),
	].join('')
}

function monster(flash = 0): string {
	const { x, y } = MONSTER
	const body = flash > 0 ? mix('#5b8f4e', '#f2f2f2', flash * 0.6) : '#5b8f4e'
	return [
		`<ellipse cx="${x}" cy="${y + 92}" rx="96" ry="14" fill="#0c0f14"/>`,
		`<path d="M${x - 70} ${y - 40} l-20 -56 l48 34 z M${x + 70} ${y - 40} l20 -56 l-48 34 z" fill="#c9b98f"/>`,
		`<ellipse cx="${x}" cy="${y + 10}" rx="96" ry="86" fill="${body}"/>`,
		`<circle cx="${x - 32}" cy="${y - 10}" r="16" fill="#fff"/><circle cx="${x + 32}" cy="${y - 10}" r="16" fill="#fff"/>`,
		`<circle cx="${x - 28}" cy="${y - 6}" r="7" fill="${C.ink}"/><circle cx="${x + 28}" cy="${y - 6}" r="7" fill="${C.ink}"/>`,
		`<path d="M${x - 36} ${y + 40} q36 22 72 0" stroke="${C.ink}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
	].join('')
}

function lifeBar(x: number, y: number, width: number, fraction: number): string {
	const color = fraction > 0.5 ? C.green : fraction > 0.25 ? C.gold : C.red
	return rect(x, y, width, 14, { fill: '#3a1f22', radius: 4 }) + rect(x, y, width * clamp(fraction), 14, { fill: color, radius: 4 })
}

function mix(a: string, b: string, amount: number): string {
	const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
	const [pa, pb] = [parse(a), parse(b)]
	return `rgb(${pa.map((v, i) => Math.round(v + (pb[i]! - v) * clamp(amount))).join(',')})`
}

/** A hitsplat that rises and fades over 1.1 s after `age` 0. */
function hitsplat(x: number, y: number, label: string, age: number, color = C.red): string {
	if (age < 0 || age > 1.1) return ''
	const rise = progress(age, 0, 1.1) * 40
	const opacity = age < 0.8 ? 1 : 1 - (age - 0.8) / 0.3
	const width = 28 + label.length * 17
	return group(
		rect(x - width / 2, y - rise - 26, width, 44, { fill: color, stroke: '#fff', strokeWidth: 3, radius: 10 }) +
			text(x, y - rise + 5, label, { size: 28, weight: 'bold', anchor: 'middle', fill: '#fff' }),
		{ opacity },
	)
}

type SlotKind = 'basic' | 'enhanced' | 'ultimate' | 'food' | 'prayer'
type Slot = { key: string; kind: SlotKind }

const SLOT_COLOR: Record<SlotKind, string> = {
	basic: C.blue,
	enhanced: C.gold,
	ultimate: C.red,
	food: '#c98a4b',
	prayer: '#7fd1e8',
}

function slotIcon(cx: number, cy: number, kind: SlotKind): string {
	const color = SLOT_COLOR[kind]
	switch (kind) {
		case 'basic':
			return `<circle cx="${cx}" cy="${cy}" r="16" fill="${color}"/>`
		case 'enhanced':
			return `<path d="M${cx} ${cy - 20} l20 20 l-20 20 l-20 -20 z" fill="${color}"/>`
		case 'ultimate':
			return `<path d="M${cx} ${cy - 22} l6 15 h16 l-13 10 l5 16 l-14 -9 l-14 9 l5 -16 l-13 -10 h16 z" fill="${color}"/>`
		case 'food':
			return `<ellipse cx="${cx}" cy="${cy + 4}" rx="20" ry="13" fill="${color}"/><ellipse cx="${cx}" cy="${cy}" rx="20" ry="11" fill="#e9b07a"/>`
		case 'prayer':
			return `<path d="M${cx} ${cy - 20} l18 8 v10 q0 16 -18 24 q-18 -8 -18 -24 v-10 z" fill="${color}"/>`
	}
}

/** An action bar; `pressed` is the index of the slot being used, `glow` how bright its flash is. */
function actionBar(x: number, y: number, slots: Slot[], pressed = -1, glow = 0, active: number[] = []): string {
	return slots
		.map((slot, i) => {
			const sx = x + i * 84
			const lit = i === pressed ? glow : 0
			const on = active.includes(i)
			return [
				rect(sx, y, 72, 72, {
					fill: lit > 0 ? mix(C.panel, SLOT_COLOR[slot.kind], lit * 0.5) : C.panel,
					stroke: lit > 0 || on ? SLOT_COLOR[slot.kind] : C.line,
					strokeWidth: lit > 0 || on ? 4 : 2,
				}),
				slotIcon(sx + 36, y + 34, slot.kind),
				rect(sx + 46, y + 50, 22, 20, { fill: C.ink, radius: 4 }),
				text(sx + 57, y + 66, slot.key, { size: 15, weight: 'bold', anchor: 'middle', fill: C.fg }),
			].join('')
		})
		.join('')
}

function adrenalineBar(x: number, y: number, width: number, fraction: number, markers: number[] = []): string {
	const parts = [
		text(x, y - 12, 'Adrenaline', { size: 18, weight: 'bold', fill: C.gold }),
		rect(x, y, width, 26, { fill: C.panel, stroke: C.line }),
		rect(x, y, width * clamp(fraction), 26, { fill: C.gold }),
		text(x + width + 14, y + 20, `${Math.round(fraction * 100)} %`, { size: 20, weight: 'bold', fill: C.gold }),
	]
	for (const m of markers) {
		const mx = x + width * m
		const ready = fraction >= m
		parts.push(`<line x1="${mx}" y1="${y - 6}" x2="${mx}" y2="${y + 32}" stroke="${ready ? C.green : C.red}" stroke-width="3"/>`)
	}
	return parts.join('')
}

function cursor(x: number, y: number, click = 0): string {
	const ripple =
		click > 0 && click < 1
			? `<circle cx="${x}" cy="${y}" r="${round(10 + click * 36)}" fill="none" stroke="${C.gold}" stroke-width="4" opacity="${round(1 - click)}"/>`
			: ''
	return `${ripple}<path d="M${x} ${y} l0 34 l9 -8 l7 16 l7 -3 l-7 -16 l12 0 z" fill="#fff" stroke="${C.ink}" stroke-width="2"/>`
}

/** How far into the most recent event the scene is, and which event it was (-1 before the first). */
function lastEvent(t: number, times: number[]): { index: number; age: number } {
	let index = -1
	for (let i = 0; i < times.length; i++) if (t >= times[i]!) index = i
	return { index, age: index < 0 ? Infinity : t - times[index]! }
}

const footnote = text(WIDTH - 40, 590, 'Numbers are examples', { size: 15, fill: C.muted, anchor: 'end' })

// ——— scenes ———

const BAR_SLOTS: Slot[] = [
	{ key: '1', kind: 'basic' },
	{ key: '2', kind: 'basic' },
	{ key: '3', kind: 'basic' },
	{ key: '4', kind: 'enhanced' },
	{ key: '5', kind: 'enhanced' },
	{ key: '6', kind: 'ultimate' },
]

function titleCard(t: number): string {
	const rise = (1 - progress(t, 0.2, 1)) * 24
	return [
		`<path d="M640 ${150 + rise} l46 46 l-46 46 l-46 -46 z" fill="none" stroke="${C.gold}" stroke-width="6"/>`,
		`<path d="M640 ${174 + rise} l22 22 l-22 22 l-22 -22 z" fill="${C.gold}"/>`,
		text(640, 340 + rise, 'How a fight flows', { size: 64, weight: 'bold', anchor: 'middle' }),
		text(640, 396 + rise, 'RuneScape 3 combat in about a minute', {
			size: 28,
			anchor: 'middle',
			fill: C.muted,
			opacity: progress(t, 0.8, 0.8),
		}),
		text(640, 470, 'Gielinor Guide · Getting Started', { size: 20, anchor: 'middle', fill: C.gold, opacity: progress(t, 1.4, 0.8) }),
	].join('')
}

function tickScene(t: number): string {
	const count = 13
	const x0 = 110
	const step = 88
	const tick = Math.floor(t / TICK)
	const sinceTick = t - tick * TICK
	const parts: string[] = [
		text(110, 170, `Tick ${tick + 1}`, { size: 34, weight: 'bold', fill: C.gold }),
		text(270, 170, `${(tick * TICK).toFixed(1)} s`, { size: 30, fill: C.muted }),
		`<line x1="${x0}" y1="330" x2="${x0 + step * (count - 1)}" y2="330" stroke="${C.line}" stroke-width="4"/>`,
	]
	for (let i = 0; i < count; i++) {
		const x = x0 + step * i
		const current = i === tick % count
		const done = i < tick % count
		const pulse = current ? 1 - clamp(sinceTick / TICK) : 0
		parts.push(
			`<circle cx="${x}" cy="330" r="${round(14 + pulse * 8)}" fill="${current ? C.gold : done ? '#8a6e2a' : C.panel}" stroke="${current ? '#fff' : C.line}" stroke-width="3"/>`,
		)
		if (i % 3 === 0) {
			parts.push(group(slotIcon(x, 440, 'basic'), { opacity: progress(t, 2.4 + i * 0.12, 0.4) }))
		}
	}
	parts.push(text(x0, 280, '0.6 s', { size: 18, fill: C.muted, anchor: 'middle' }))
	parts.push(`<path d="M${x0} 292 v-6 h${step} v6" fill="none" stroke="${C.muted}" stroke-width="2"/>`)
	const bracket = progress(t, 1.8, 0.6)
	parts.push(
		group(
			`<path d="M${x0} 392 v12 h${step * 3} v-12" fill="none" stroke="${C.blue}" stroke-width="3"/>` +
				text(x0 + step * 1.5, 516, 'Global cooldown: 3 ticks = 1.8 s', { size: 22, anchor: 'middle', fill: C.blue, weight: 'bold' }),
			{ opacity: bracket },
		),
	)
	parts.push(
		text(x0 + step * 7.5, 516, 'One ability every 3 ticks', { size: 22, anchor: 'middle', fill: C.muted, opacity: progress(t, 3.2, 0.6) }),
	)
	return parts.join('')
}

function targetScene(t: number): string {
	const move = progress(t, 0.6, 1.4)
	const cx = 620 + (MONSTER.x - 20 - 620) * move
	const cy = 560 + (MONSTER.y - 20 - 560) * move
	const click = t >= 2.1 ? clamp((t - 2.1) / 0.5) : 0
	const panel = progress(t, 2.4, 0.5)
	const ring =
		t >= 2.1
			? `<ellipse cx="${MONSTER.x}" cy="${MONSTER.y + 92}" rx="112" ry="20" fill="none" stroke="${C.red}" stroke-width="4" opacity="${round(progress(t, 2.1, 0.3))}"/>`
			: ''
	return [
		player(),
		ring,
		monster(),
		group(
			rect(830, 120, 360, 96, { fill: C.panel, stroke: C.line }) +
				text(852, 156, 'Target: Monster', { size: 22, weight: 'bold' }) +
				text(852, 198, 'Life points', { size: 16, fill: C.muted }) +
				rect(960, 184, 206, 18, { fill: C.green, radius: 4 }),
			{ opacity: panel, transform: `translate(${round((1 - panel) * 40)} 0)` },
		),
		text(640, 590, 'or press your target-cycle key', { size: 22, anchor: 'middle', fill: C.muted, opacity: progress(t, 3.6, 0.6) }),
		cursor(cx, cy, click),
	].join('')
}

/** Basic abilities every 3 ticks; the fourth time nothing is queued and the basic attack fires. */
const BASIC_TIMES = [1.0, 2.8, 4.6, 6.4, 8.2, 10.0]
const BASIC_KEYS = [0, 1, 2, -1, 0, 1]
const BASIC_HITS = ['412', '388', '455', '240', '397', '431']

function basicsScene(t: number): string {
	const { index, age } = lastEvent(t, BASIC_TIMES)
	const adrenaline = 0.1 * (index + 1)
	const life = 1 - 0.05 * (index + 1)
	const pressed = index >= 0 && age < 0.5 ? BASIC_KEYS[index]! : -1
	const autoLabel = index === 3 && age < 1.6
	return [
		player(),
		monster(index >= 0 && age < 0.2 ? 1 - age / 0.2 : 0),
		lifeBar(MONSTER.x - 80, MONSTER.y - 140, 160, life),
		index >= 0 ? hitsplat(MONSTER.x, MONSTER.y - 40, BASIC_HITS[index]!, age) : '',
		group(text(MONSTER.x, MONSTER.y - 170, 'Nothing queued: basic attack', { size: 20, anchor: 'middle', fill: C.fg, weight: 'bold' }), {
			opacity: autoLabel ? 1 : 0,
		}),
		adrenalineBar(110, 170, 520, adrenaline),
		actionBar(110, 510, BAR_SLOTS, pressed, pressed >= 0 ? 1 - age / 0.5 : 0),
		footnote,
	].join('')
}

const SPEND_TIMES = [1.0, 2.8, 4.6, 6.4, 8.2]
const SPEND_KEYS = [3, 0, 1, 5, 2]
const SPEND_ADRENALINE = [0.45, 0.55, 0.65, 0.05, 0.15]
const SPEND_LIFE = [0.58, 0.53, 0.48, 0.18, 0.13]
const SPEND_HITS = ['1,020', '402', '418', '3,140', '377']

function spendScene(t: number): string {
	const { index, age } = lastEvent(t, SPEND_TIMES)
	const adrenaline = index < 0 ? 0.6 : SPEND_ADRENALINE[index]!
	const life = index < 0 ? 0.7 : SPEND_LIFE[index]!
	const pressed = index >= 0 && age < 0.5 ? SPEND_KEYS[index]! : -1
	const ultimate = index === 3
	const flash = ultimate && age < 0.6 ? 1 - age / 0.6 : 0
	const label =
		index === 0 && age < 1.6
			? 'Enhanced ability: spends adrenaline'
			: index === 2 && age < 1.8
				? 'Past 60 %: some ultimates are ready'
				: ultimate && age < 1.6
					? 'Ultimate!'
					: ''
	return [
		flash > 0 ? `<rect width="${WIDTH}" height="${HEIGHT}" fill="${C.gold}" opacity="${round(flash * 0.25)}"/>` : '',
		player(),
		monster(index >= 0 && age < 0.25 ? 1 - age / 0.25 : 0),
		lifeBar(MONSTER.x - 80, MONSTER.y - 140, 160, life),
		index >= 0 ? hitsplat(MONSTER.x, MONSTER.y - 40, SPEND_HITS[index]!, age, ultimate ? '#b8322a' : C.red) : '',
		label ? text(640, 300, label, { size: 26, anchor: 'middle', weight: 'bold', fill: ultimate ? C.gold : C.fg }) : '',
		adrenalineBar(110, 170, 520, adrenaline, [0.6, 1]),
		text(110 + 520 * 0.6, 226, '60 %', { size: 16, anchor: 'middle', fill: C.muted }),
		text(110 + 520, 226, 'full', { size: 16, anchor: 'middle', fill: C.muted }),
		actionBar(110, 510, BAR_SLOTS, pressed, pressed >= 0 ? 1 - age / 0.5 : 0),
		footnote,
	].join('')
}

const SURVIVE_SLOTS: Slot[] = [
	{ key: '1', kind: 'basic' },
	{ key: '2', kind: 'basic' },
	{ key: 'F', kind: 'food' },
	{ key: 'Q', kind: 'prayer' },
]
const ENEMY_HITS = [
	{ at: 0.8, life: 0.68, label: '1,900' },
	{ at: 2.4, life: 0.36, label: '2,100' },
	{ at: 5.6, life: 0.64, label: '1,000' },
]
const EAT_AT = 3.4
const PRAY_AT = 4.4

function surviveScene(t: number): string {
	const hit = lastEvent(
		t,
		ENEMY_HITS.map((h) => h.at),
	)
	let life = hit.index < 0 ? 1 : ENEMY_HITS[hit.index]!.life
	if (t >= EAT_AT && hit.index === 1) life = 0.36 + 0.44 * progress(t, EAT_AT, 0.5)
	const pressed = Math.abs(t - EAT_AT - 0.2) < 0.25 ? 2 : Math.abs(t - PRAY_AT - 0.2) < 0.25 ? 3 : -1
	const praying = t >= PRAY_AT
	return [
		praying
			? `<circle cx="${PLAYER.x}" cy="${PLAYER.y + 10}" r="${round(118 + Math.sin(t * 6) * 4)}" fill="none" stroke="#7fd1e8" stroke-width="4" opacity="0.7"/>`
			: '',
		player(life),
		monster(),
		hit.index >= 0 ? hitsplat(PLAYER.x, PLAYER.y - 40, ENEMY_HITS[hit.index]!.label, hit.age) : '',
		t >= EAT_AT ? hitsplat(PLAYER.x + 90, PLAYER.y - 70, '+ heal', t - EAT_AT, '#3f8f47') : '',
		group(
			text(640, 180, 'Protection prayer on: less damage from this style', { size: 24, anchor: 'middle', fill: '#7fd1e8', weight: 'bold' }),
			{
				opacity: progress(t, PRAY_AT + 0.2, 0.5),
			},
		),
		actionBar(110, 510, SURVIVE_SLOTS, pressed, pressed >= 0 ? 0.8 : 0, praying ? [3] : []),
		text(110 + 2 * 84 + 36, 604, 'Eat', { size: 16, anchor: 'middle', fill: C.muted }),
		text(110 + 3 * 84 + 36, 604, 'Pray', { size: 16, anchor: 'middle', fill: C.muted }),
		footnote,
	].join('')
}

function triangleScene(t: number): string {
	const nodes = [
		{ x: 640, y: 170, label: 'Melee', color: C.red },
		{ x: 870, y: 470, label: 'Ranged', color: C.green },
		{ x: 410, y: 470, label: 'Magic', color: C.blue },
	]
	const parts: string[] = [
		`<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0 10 5 0 10z" fill="${C.gold}"/></marker></defs>`,
	]
	nodes.forEach((from, i) => {
		const to = nodes[(i + 1) % 3]!
		const p = progress(t, 0.6 + i * 0.9, 0.7)
		if (p <= 0) return
		const dx = to.x - from.x
		const dy = to.y - from.y
		const length = Math.hypot(dx, dy)
		const [ux, uy] = [dx / length, dy / length]
		const [sx, sy] = [from.x + ux * 72, from.y + uy * 72]
		const [ex, ey] = [sx + (dx - ux * 144) * p, sy + (dy - uy * 144) * p]
		parts.push(
			`<line x1="${round(sx)}" y1="${round(sy)}" x2="${round(ex)}" y2="${round(ey)}" stroke="${C.gold}" stroke-width="5" marker-end="url(#arrow)"/>`,
		)
		const mx = (from.x + to.x) / 2 + uy * 36
		const my = (from.y + to.y) / 2 - ux * 36
		parts.push(text(mx, my + 8, 'beats', { size: 20, anchor: 'middle', fill: C.gold, weight: 'bold', opacity: p }))
	})
	for (const node of nodes) {
		parts.push(`<circle cx="${node.x}" cy="${node.y}" r="66" fill="${C.panel}" stroke="${node.color}" stroke-width="5"/>`)
		parts.push(text(node.x, node.y + 9, node.label, { size: 26, anchor: 'middle', weight: 'bold', fill: node.color }))
	}
	parts.push(
		group(
			`<circle cx="1100" cy="300" r="86" fill="${C.panel}" stroke="${C.purple}" stroke-width="4" stroke-dasharray="10 8"/>` +
				text(1100, 307, 'Necromancy', { size: 20, anchor: 'middle', weight: 'bold', fill: C.purple }) +
				text(1100, 420, 'outside the triangle', { size: 18, anchor: 'middle', fill: C.muted }),
			{ opacity: progress(t, 3.4, 0.7) },
		),
	)
	return parts.join('')
}

const NEXT_PAGES = ['Introduction to Combat', 'Combat Basics', 'Tick System']

function endCard(t: number): string {
	return [
		text(640, 200, 'Read on in Getting Started', { size: 40, weight: 'bold', anchor: 'middle' }),
		...NEXT_PAGES.map((title, i) => {
			const p = progress(t, 0.3 + i * 0.25, 0.6)
			const x = 160 + i * 330
			return group(
				rect(x, 270, 300, 150, { fill: C.panel, stroke: C.gold }) +
					text(x + 150, 355, title, { size: 24, anchor: 'middle', weight: 'bold' }),
				{ opacity: p, transform: `translate(0 ${round((1 - p) * 30)})` },
			)
		}),
		text(640, 500, 'Gielinor Guide', { size: 24, anchor: 'middle', fill: C.gold, weight: 'bold', opacity: progress(t, 1.4, 0.6) }),
	].join('')
}

export const SCENES: Scene[] = [
	{
		start: 0,
		end: 5,
		narration: 'This short animation shows what happens in a RuneScape 3 fight, one step at a time.',
		draw: titleCard,
	},
	{
		start: 5,
		end: 13,
		heading: 'The game tick',
		narration:
			'The game runs on ticks of 0.6 seconds. After you use an ability, the next one can follow after the global cooldown of 3 ticks, or 1.8 seconds.',
		draw: tickScene,
	},
	{
		start: 13,
		end: 20,
		heading: '1 · Pick a target',
		narration: 'Click a monster, or press your target-cycle key, to pick a target. Its life points show in the target panel.',
		draw: targetScene,
	},
	{
		start: 20,
		end: 32,
		heading: '2 · Basic abilities build adrenaline',
		narration:
			'Use abilities from your action bar. Basic abilities fill the yellow adrenaline bar. If you queue nothing, your basic attack fires by itself.',
		draw: basicsScene,
	},
	{
		start: 32,
		end: 42,
		heading: '3 · Spend it on stronger abilities',
		narration:
			'Enhanced abilities hit harder and spend adrenaline. Ultimates need a large share of the bar: 60 % for some, a full bar for others.',
		draw: spendScene,
	},
	{
		start: 42,
		end: 50,
		heading: '4 · Stay alive',
		narration:
			'Watch your own life points. Eat food before they run low, and turn on the protection prayer for the style the monster attacks with.',
		draw: surviveScene,
	},
	{
		start: 50,
		end: 56,
		heading: 'Pick the right style',
		narration: 'Melee beats ranged, ranged beats magic and magic beats melee. Necromancy sits outside the triangle.',
		draw: triangleScene,
	},
	{
		start: 56,
		end: 61,
		narration: 'Read on in the Getting Started section: Introduction to Combat, Combat Basics and the Tick System.',
		draw: endCard,
	},
]

export const DURATION = SCENES.at(-1)!.end
const FADE = 0.35

/** Splits a line of narration into lines of at most `max` characters, at spaces. */
export function wrap(line: string, max: number): string[] {
	const lines: string[] = []
	let current = ''
	for (const word of line.split(' ')) {
		if (current && current.length + 1 + word.length > max) {
			lines.push(current)
			current = word
		} else current = current ? `${current} ${word}` : word
	}
	if (current) lines.push(current)
	return lines
}

/** The whole picture at `t` seconds. */
export function frameSvg(t: number): string {
	const scene = SCENES.find((s) => t >= s.start && t < s.end) ?? SCENES.at(-1)!
	const local = t - scene.start
	const length = scene.end - scene.start
	const isFirst = scene === SCENES[0]
	const isLast = scene === SCENES.at(-1)
	const fadeIn = isFirst ? 1 : clamp(local / FADE)
	const fadeOut = isLast ? 1 : clamp((length - local) / FADE)
	const opacity = Math.min(fadeIn, fadeOut)
	const narration = wrap(scene.narration, 84)
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="'Liberation Sans','Segoe UI',Helvetica,Arial,sans-serif">`,
		`<rect width="${WIDTH}" height="${HEIGHT}" fill="${C.bg}"/>`,
		text(WIDTH - 40, 48, 'Gielinor Guide', { size: 18, anchor: 'end', fill: C.muted, weight: 'bold' }),
		group(
			[
				scene.heading ? text(60, 80, scene.heading, { size: 36, weight: 'bold' }) : '',
				scene.draw(local),
				rect(0, 618, WIDTH, 102, { fill: '#0d1016', radius: 0, opacity: 0.92 }),
				...narration.map((line, i) =>
					text(WIDTH / 2, 618 + (narration.length === 1 ? 60 : 44 + i * 36), line, { size: 26, anchor: 'middle' }),
				),
			].join(''),
			{ opacity },
		),
		`</svg>`,
	].join('')
}

/** The narration as timed cues, one a scene. */
export function narrationCues(): { start: number; end: number; text: string }[] {
	return SCENES.map((s) => ({ start: s.start, end: s.end, text: s.narration }))
}
