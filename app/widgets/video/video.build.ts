import type { WidgetBuild } from '../widget-build.ts'
import type { VideoProps } from './video.schema.ts'
import { parseVtt } from './webvtt.ts'

/** A video file's files must exist under public/; its transcript's lines are embedded in the page. */
export const videoBuild: WidgetBuild = {
	enrich(props: VideoProps, ctx) {
		for (const key of ['src', 'poster', 'transcript'] as const) {
			const src = props[key]
			if (src && !ctx.publicFiles.exists(src)) {
				ctx.fail(`widget "video": ${key} ${src} does not exist in public/`)
				return props
			}
		}
		if (!props.transcript) return props
		try {
			const cues = parseVtt(ctx.publicFiles.readText(props.transcript) ?? '')
			const lines = cues.map((cue) => ({ start: cue.start, text: cue.text }))
			return { ...props, lines, duration: Math.max(...cues.map((cue) => cue.end)) }
		} catch (error) {
			ctx.fail(`widget "video": transcript ${props.transcript}: ${(error as Error).message}`)
			return props
		}
	},
}
