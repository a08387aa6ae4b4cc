/**
 * Makes the Getting Started intro video in public/videos/: how-a-fight-flows.mp4 (H.264, which every
 * browser plays), its transcript how-a-fight-flows.vtt and a poster .svg, from
 * scripts/media/video/how-a-fight-flows.ts.
 * Frames are drawn as SVG, photographed in Debian's Chromium and encoded with ffmpeg
 * (`apt-get install -y ffmpeg`). Run after changing a scene: `npx tsx scripts/media/make-intro-video.ts`
 * (add `--frames-only DIR` to look at the PNG frames without encoding).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { ensureChromium } from '../dev/ensure-browser.ts'
import { DURATION, FPS, HEIGHT, WIDTH, frameSvg, narrationCues } from './video/how-a-fight-flows.ts'
import { formatVtt } from '#app/widgets/video/webvtt.ts'

const NAME = 'how-a-fight-flows'
const POSTER_AT = 30.2

async function renderFrames(dir: string) {
	const browser = await chromium.launch({ executablePath: ensureChromium() })
	try {
		const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } })
		await page.setContent('<body style="margin:0;background:#000"></body>')
		const total = Math.round(DURATION * FPS)
		for (let i = 0; i < total; i++) {
			await page.evaluate((svg) => (document.body.innerHTML = svg), frameSvg(i / FPS))
			await page.screenshot({ path: path.join(dir, `${String(i).padStart(5, '0')}.png`) })
			if (i % FPS === 0) process.stdout.write(`\rframe ${i}/${total}`)
		}
		process.stdout.write(`\rframes: ${total}          \n`)
	} finally {
		await browser.close()
	}
}

function encode(framesDir: string, outFile: string) {
	execFileSync('ffmpeg', [
		...['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(framesDir, '%05d.png')],
		...['-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'animation', '-crf', '26', '-pix_fmt', 'yuv420p'],
		...['-movflags', '+faststart', outFile],
	])
}

async function main() {
	const framesOnly = process.argv.indexOf('--frames-only')
	const outDir = path.resolve(import.meta.dirname, '../../public/videos')
	if (framesOnly >= 0) {
		const dir = path.resolve(process.argv[framesOnly + 1] ?? 'video-frames')
		mkdirSync(dir, { recursive: true })
		await renderFrames(dir)
		return
	}
	mkdirSync(outDir, { recursive: true })
	const framesDir = mkdtempSync(path.join(tmpdir(), 'video-frames-'))
	try {
		await renderFrames(framesDir)
		encode(framesDir, path.join(outDir, `${NAME}.mp4`))
		writeFileSync(path.join(outDir, `${NAME}.vtt`), formatVtt(narrationCues()))
		writeFileSync(path.join(outDir, `${NAME}.poster.svg`), frameSvg(POSTER_AT))
		for (const ext of ['mp4', 'vtt', 'poster.svg']) {
			const file = path.join(outDir, `${NAME}.${ext}`)
			console.log(`wrote ${path.relative(process.cwd(), file)} (${Math.round(statSync(file).size / 1024)} KB)`)
		}
	} finally {
		rmSync(framesDir, { recursive: true, force: true })
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	main().catch((error: unknown) => {
		console.error(`could not make the video: ${(error as Error).message} (are Chromium and ffmpeg installed?)`)
		process.exitCode = 1
	})
}
