import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { SKILL_ICON_DIR, SPRITE_FILE, skillSprite } from './make-skill-sprite.ts'

test('the committed sprite is up to date with the icons (run scripts/media/make-skill-sprite.ts)', () => {
	expect(readFileSync(path.join(SKILL_ICON_DIR, SPRITE_FILE), 'utf8')).toBe(skillSprite())
})

test('every skill has a 32×32 symbol named after it, and no icon keeps its title', () => {
	const sprite = skillSprite()
	const symbols = [...sprite.matchAll(/<symbol id="([a-z]+)" viewBox="0 0 32 32">/g)].map((s) => s[1])
	for (const name of SKILL_NAMES) expect(symbols).toContain(name)
	expect(sprite.match(/<symbol /g)).toHaveLength(symbols.length)
	expect(sprite).not.toContain('<title>')
})

test('refuses icons whose ids would clash, or that are not 32×32', () => {
	const dir = mkdtempSync(path.join(tmpdir(), 'sprite-'))
	writeFileSync(path.join(dir, 'a.svg'), '<svg viewBox="0 0 32 32"><path id="x" d="M0 0"/></svg>')
	expect(() => skillSprite(dir)).toThrow('a.svg: ids would clash')
	writeFileSync(path.join(dir, 'a.svg'), '<svg viewBox="0 0 24 24"><path d="M0 0"/></svg>')
	expect(() => skillSprite(dir)).toThrow('a.svg: expected one <svg viewBox="0 0 32 32"> element')
})
