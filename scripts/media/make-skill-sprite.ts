/**
 * Makes public/images/skills/sprite.svg: every skill icon of that folder in one file, each a
 * `<symbol>` named after the skill, drawn by `<svg><use href="/images/skills/sprite.svg#herblore"/></svg>`
 * (app/skill-guides/skill-icon.tsx): a page with 30 skill badges makes one request, and each
 * badge paints its own icon only (an `<img>` of a `<view>` painted the whole sheet each time).
 * After adding or changing an icon: `npx tsx scripts/media/make-skill-sprite.ts` (a unit test
 * fails while the committed sprite is out of date).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const SKILL_ICON_DIR = path.resolve(import.meta.dirname, '../../public/images/skills')
export const SPRITE_FILE = 'sprite.svg'

/** The sprite's text for the icons in `dir` (each a 32×32 `<svg>` without ids), by file name. */
export function skillSprite(dir = SKILL_ICON_DIR): string {
	const names = readdirSync(dir)
		.filter((f) => f.endsWith('.svg') && f !== SPRITE_FILE)
		.sort()
	const parts = names.map((file) => {
		const svg = readFileSync(path.join(dir, file), 'utf8').trim()
		const viewBox = /<svg[^>]*\sviewBox="0 0 32 32"/.test(svg)
		const body = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1]
		if (!viewBox || body === undefined) throw new Error(`${file}: expected one <svg viewBox="0 0 32 32"> element`)
		if (/\sid="/.test(body)) throw new Error(`${file}: ids would clash inside the sprite; remove them`)
		const id = file.replace(/\.svg$/, '')
		return `<symbol id="${id}" viewBox="0 0 32 32">${body.replace(/<title>[^<]*<\/title>/, '')}</symbol>`
	})
	return `<svg xmlns="http://www.w3.org/2000/svg">\n${parts.join('\n')}\n</svg>\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const file = path.join(SKILL_ICON_DIR, SPRITE_FILE)
	writeFileSync(file, skillSprite())
	console.log(`wrote ${path.relative(process.cwd(), file)}`)
}
