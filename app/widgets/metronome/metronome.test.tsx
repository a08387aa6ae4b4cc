import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import Metronome from './metronome.tsx'
import { metronomeSchema } from './metronome.schema.ts'
import { beatIntervalMs, DEFAULT_VOLUME, litBeat, parseVolume } from './metronome-state.ts'

test('the schema defaults to 100 BPM and the shipped click, and bounds the tempo', () => {
	expect(metronomeSchema.parse({})).toEqual({ bpm: 100, src: '/sounds/metronome.mp3' })
	expect(metronomeSchema.parse({ bpm: '50' }).bpm).toBe(50)
	expect(metronomeSchema.safeParse({ bpm: '0' }).success).toBe(false)
	expect(metronomeSchema.safeParse({ bpm: '1000' }).success).toBe(false)
	expect(metronomeSchema.safeParse({ bpm: 'fast' }).success).toBe(false)
})

test('the beat interval is 60000 / BPM: 600 ms (one game tick) at 100 BPM', () => {
	expect(beatIntervalMs(100)).toBe(600)
	expect(beatIntervalMs(50)).toBe(1200)
	expect(beatIntervalMs(120)).toBe(500)
})

test('the volume is clamped to 0–1 on a 0.1 grid, defaulting to 0.5', () => {
	expect(DEFAULT_VOLUME).toBe(0.5)
	expect(parseVolume('0.7')).toBe(0.7)
	expect(parseVolume('0.30000000000000004')).toBe(0.3)
	expect(parseVolume(2)).toBe(1)
	expect(parseVolume('-1')).toBe(0)
	expect(parseVolume('loud')).toBe(0.5)
})

test('the lit beat dot cycles through four after the first click', () => {
	expect([0, 1, 2, 3, 4, 5, 8, 9].map((b) => litBeat(b))).toEqual([-1, 0, 1, 2, 3, 0, 3, 0])
})

test('the server HTML has the start button and a volume slider at 50%', () => {
	const page = serverHtml(<Metronome bpm={100} src="/sounds/metronome.mp3" />)
	expect(page.getByRole('button', { name: 'Start metronome' })).toBeTruthy()
	const volume = page.getByRole('slider', { name: 'Volume' }) as HTMLInputElement
	expect([volume.min, volume.max, volume.step, volume.value]).toEqual(['0', '1', '0.1', '0.5'])
	expect(volume.getAttribute('aria-valuetext')).toBe('50%')
	expect(page.getByText(/a click every 600 ms \(one game tick\)/)).toBeTruthy()
})
