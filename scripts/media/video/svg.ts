/** Small helpers for drawing video frames as SVG strings. */

export const PALETTE = {
	bg: '#161a22',
	panel: '#232a38',
	line: '#3b4559',
	fg: '#e8eaf0',
	muted: '#9aa3b5',
	gold: '#e3b341',
	green: '#6cc36c',
	red: '#e5705d',
	blue: '#5aa2e8',
	purple: '#b184e8',
	ink: '#10131a',
}

export const clamp = (value: number, min = 0, max = 1) => Math.min(max, Math.max(min, value))

/** 0 before `start`, 1 after `start + duration`, eased in between. */
export function progress(t: number, start: number, duration: number): number {
	const x = clamp((t - start) / duration)
	return 1 - (1 - x) ** 3
}

export function escapeXml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

type TextOptions = {
	size?: number
	fill?: string
	anchor?: 'start' | 'middle' | 'end'
	weight?: 'normal' | 'bold'
	opacity?: number
}

export function text(x: number, y: number, content: string, options: TextOptions = {}): string {
	const { size = 24, fill = PALETTE.fg, anchor = 'start', weight = 'normal', opacity = 1 } = options
	return `<text x="${round(x)}" y="${round(y)}" font-size="${size}" fill="${fill}" text-anchor="${anchor}" font-weight="${weight}" opacity="${round(opacity)}">${escapeXml(content)}</text>`
}

type RectOptions = { fill?: string; stroke?: string; strokeWidth?: number; radius?: number; opacity?: number }

export function rect(x: number, y: number, width: number, height: number, options: RectOptions = {}): string {
	const { fill = PALETTE.panel, stroke = 'none', strokeWidth = 2, radius = 8, opacity = 1 } = options
	return `<rect x="${round(x)}" y="${round(y)}" width="${round(Math.max(0, width))}" height="${round(Math.max(0, height))}" rx="${radius}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}" opacity="${round(opacity)}"/>`
}

export function group(content: string, { opacity = 1, transform = '' } = {}): string {
	if (opacity <= 0) return ''
	const attrs = [opacity < 1 ? `opacity="${round(opacity)}"` : '', transform ? `transform="${transform}"` : '']
	return `<g ${attrs.filter(Boolean).join(' ')}>${content}</g>`
}

export const round = (n: number) => Math.round(n * 100) / 100
