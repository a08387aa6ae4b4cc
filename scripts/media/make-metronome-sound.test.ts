import { expect, test } from 'vitest'
import { clickSamples, SAMPLE_RATE, wavFile } from './make-metronome-sound.ts'

test('the click is a short, deterministic, in-range sound that starts and fades out', () => {
	const samples = clickSamples()
	expect(samples.length).toBe(Math.round(SAMPLE_RATE * 0.07))
	expect(clickSamples()).toEqual(samples)
	const peak = Math.max(...samples.map(Math.abs))
	expect(peak).toBeGreaterThan(0.3)
	expect(peak).toBeLessThanOrEqual(1)
	const tail = samples.slice(-200)
	expect(Math.max(...tail.map(Math.abs))).toBeLessThan(0.05)
})

test('the WAV file is mono 16-bit PCM with a correct header', () => {
	const wav = wavFile(new Float32Array([0, 1, -1]), 8000)
	expect(wav.toString('ascii', 0, 4)).toBe('RIFF')
	expect(wav.readUInt32LE(4)).toBe(36 + 6)
	expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ')
	expect(wav.readUInt16LE(20)).toBe(1)
	expect(wav.readUInt16LE(22)).toBe(1)
	expect(wav.readUInt32LE(24)).toBe(8000)
	expect(wav.readUInt16LE(34)).toBe(16)
	expect(wav.readUInt32LE(40)).toBe(6)
	expect([wav.readInt16LE(44), wav.readInt16LE(46), wav.readInt16LE(48)]).toEqual([0, 32767, -32767])
})
