/**
 * Makes public/sounds/metronome.mp3, the metronome widget's click: a synthesised, 70 ms woodblock-
 * like tick (two decaying sine partials and a short noise transient), written as WAV and encoded
 * to MP3 with `lame` (Debian: `apt-get install -y lame`). Run once: `npx tsx scripts/media/make-metronome-sound.ts`.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const SAMPLE_RATE = 44_100
const DURATION_S = 0.07

/** The click as samples in [-1, 1]. Deterministic: the noise comes from a fixed-seed generator. */
export function clickSamples(sampleRate = SAMPLE_RATE): Float32Array {
	const samples = new Float32Array(Math.round(sampleRate * DURATION_S))
	let seed = 0x2545f491
	const noise = () => {
		// xorshift32
		seed ^= seed << 13
		seed ^= seed >>> 17
		seed ^= seed << 5
		return ((seed >>> 0) / 0xffffffff) * 2 - 1
	}
	for (let i = 0; i < samples.length; i++) {
		const t = i / sampleRate
		const attack = Math.min(1, t / 0.0015)
		const body = 0.65 * Math.sin(2 * Math.PI * 1_760 * t) * Math.exp(-t / 0.018)
		const overtone = 0.25 * Math.sin(2 * Math.PI * 3_520 * t) * Math.exp(-t / 0.008)
		const transient = 0.35 * noise() * Math.exp(-t / 0.002)
		samples[i] = Math.max(-1, Math.min(1, attack * (body + overtone + transient)))
	}
	return samples
}

/** A mono 16-bit PCM WAV file of the samples. */
export function wavFile(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
	const data = Buffer.alloc(samples.length * 2)
	samples.forEach((s, i) => data.writeInt16LE(Math.round(s * 32_767), i * 2))
	const header = Buffer.alloc(44)
	header.write('RIFF', 0, 'ascii')
	header.writeUInt32LE(36 + data.length, 4)
	header.write('WAVE', 8, 'ascii')
	header.write('fmt ', 12, 'ascii')
	header.writeUInt32LE(16, 16) // fmt chunk size
	header.writeUInt16LE(1, 20) // PCM
	header.writeUInt16LE(1, 22) // mono
	header.writeUInt32LE(sampleRate, 24)
	header.writeUInt32LE(sampleRate * 2, 28) // bytes per second
	header.writeUInt16LE(2, 32) // block align
	header.writeUInt16LE(16, 34) // bits per sample
	header.write('data', 36, 'ascii')
	header.writeUInt32LE(data.length, 40)
	return Buffer.concat([header, data])
}

function main() {
	const out = path.resolve(import.meta.dirname, '../../public/sounds/metronome.mp3')
	const dir = mkdtempSync(path.join(tmpdir(), 'metronome-'))
	try {
		const wav = path.join(dir, 'click.wav')
		writeFileSync(wav, wavFile(clickSamples()))
		execFileSync('lame', ['--quiet', '-m', 'm', '-b', '64', '--resample', '44.1', wav, out])
		console.log(`wrote ${path.relative(process.cwd(), out)} (${statSync(out).size} bytes)`)
	} catch (error) {
		console.error(`could not encode the click: ${(error as Error).message} (is lame installed?)`)
		process.exitCode = 1
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

if (import.meta.url === `file://${process.argv[1]}`) main()
