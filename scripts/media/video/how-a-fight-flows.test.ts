import { expect, test } from 'vitest'
import { DURATION, SCENES, frameSvg, narrationCues, wrap } from './how-a-fight-flows.ts'

test('the scenes follow each other without gaps, and every one says something', () => {
	expect(SCENES[0]!.start).toBe(0)
	for (let i = 1; i < SCENES.length; i++) expect(SCENES[i]!.start).toBe(SCENES[i - 1]!.end)
	for (const scene of SCENES) expect(scene.narration.length).toBeGreaterThan(20)
	expect(narrationCues().map((c) => c.text)).toEqual(SCENES.map((s) => s.narration))
})

test('each frame is one well-formed SVG showing the narration of its scene', () => {
	for (const scene of SCENES) {
		const svg = frameSvg((scene.start + scene.end) / 2)
		expect(svg.match(/<svg /g)).toHaveLength(1)
		expect(svg.endsWith('</svg>')).toBe(true)
		expect(svg).not.toMatch(/NaN|undefined|Infinity/)
		for (const line of wrap(scene.narration, 84)) expect(svg).toContain(line.replace(/&/g, '&amp;'))
	}
	expect(frameSvg(DURATION)).toContain('Read on in Getting Started')
})

test('the tick scene counts one tick every 0.6 seconds', () => {
	const tickScene = SCENES.find((s) => s.heading === 'The game tick')!
	expect(frameSvg(tickScene.start + 0.1)).toContain('>Tick 1<')
	expect(frameSvg(tickScene.start + 0.7)).toContain('>Tick 2<')
	expect(frameSvg(tickScene.start + 6.05)).toContain('>Tick 11<')
})

test('narration wraps at spaces into lines no longer than asked', () => {
	expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four'])
	for (const scene of SCENES) expect(wrap(scene.narration, 84).length).toBeLessThanOrEqual(2)
})
