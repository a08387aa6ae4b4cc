/** The privacy-enhanced YouTube player for a video, starting playback at once (the reader asked for it). */
export function embedUrl(id: string, start?: number): string {
	const params = new URLSearchParams({ autoplay: '1' })
	if (start) params.set('start', String(start))
	return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?${params}`
}

export function watchUrl(id: string, start?: number): string {
	return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}${start ? `&t=${start}s` : ''}`
}

/** 95 → "1:35", 3725 → "1:02:05". */
export function formatStart(seconds: number): string {
	const h = Math.floor(seconds / 3600)
	const m = Math.floor((seconds % 3600) / 60)
	const s = seconds % 60
	const pad = (n: number) => String(n).padStart(2, '0')
	return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
}
