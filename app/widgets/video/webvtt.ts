/** Writing and reading the small subset of WebVTT our videos use: numbered cues of plain text. */

export type Cue = { start: number; end: number; text: string }

/** 65.5 → "00:01:05.500" */
export function formatTimestamp(seconds: number): string {
	const ms = Math.round(seconds * 1000)
	const pad = (n: number, width = 2) => String(n).padStart(width, '0')
	return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`
}

export function formatVtt(cues: Cue[]): string {
	const blocks = cues.map((cue, i) => `${i + 1}\n${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}\n${cue.text}`)
	return `WEBVTT\n\n${blocks.join('\n\n')}\n`
}

const TIMESTAMP = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/

function parseTimestamp(value: string): number | undefined {
	const match = TIMESTAMP.exec(value.trim())
	if (!match) return undefined
	const [, h = '0', m, s, ms] = match
	return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000
}

/** The cues of a WebVTT file; throws with the reason when it is not one. Cue settings are ignored. */
export function parseVtt(source: string): Cue[] {
	const blocks = source
		.replace(/\r\n?/g, '\n')
		.trim()
		.split(/\n{2,}/)
	if (!/^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.split('\n')[0] ?? '')) throw new Error('a WebVTT file must start with "WEBVTT"')
	const cues: Cue[] = []
	for (const block of blocks.slice(1)) {
		const lines = block.split('\n')
		if (/^(NOTE|STYLE|REGION)\b/.test(lines[0]!)) continue
		const timing = lines.findIndex((line) => line.includes('-->'))
		if (timing < 0 || timing > 1) throw new Error(`cue without a timing line: "${lines[0]}"`)
		const [from = '', rest = ''] = lines[timing]!.split('-->')
		const start = parseTimestamp(from)
		const end = parseTimestamp(rest.trim().split(/\s+/)[0] ?? '')
		if (start === undefined || end === undefined || end < start) throw new Error(`bad cue timing: "${lines[timing]}"`)
		const text = lines
			.slice(timing + 1)
			.join(' ')
			.replace(/<[^>]+>/g, '')
			.trim()
		if (text) cues.push({ start, end, text })
	}
	if (cues.length === 0) throw new Error('the file has no cues')
	return cues
}
