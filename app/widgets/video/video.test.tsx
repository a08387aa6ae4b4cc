import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import Video from './video.tsx'
import { videoSchema } from './video.schema.ts'
import { embedUrl, formatStart, watchUrl } from './video-url.ts'

test('the schema wants an 11-character YouTube id and a title', () => {
	expect(videoSchema.parse({ id: 'jNQXAC9IVRw', title: 'A video', start: '90' })).toEqual({ id: 'jNQXAC9IVRw', title: 'A video', start: 90 })
	expect(videoSchema.safeParse({ id: 'https://youtu.be/x', title: 'A' }).error?.issues[0]?.message).toMatch(/11-character/)
	expect(videoSchema.safeParse({ id: 'jNQXAC9IVRw', title: '' }).success).toBe(false)
})

test('the player is the privacy-enhanced one, autoplaying, with an optional start', () => {
	expect(embedUrl('jNQXAC9IVRw')).toBe('https://www.youtube-nocookie.com/embed/jNQXAC9IVRw?autoplay=1')
	expect(embedUrl('jNQXAC9IVRw', 95)).toBe('https://www.youtube-nocookie.com/embed/jNQXAC9IVRw?autoplay=1&start=95')
	expect(watchUrl('jNQXAC9IVRw', 95)).toBe('https://www.youtube.com/watch?v=jNQXAC9IVRw&t=95s')
	expect([formatStart(5), formatStart(95), formatStart(3725)]).toEqual(['0:05', '1:35', '1:02:05'])
})

test('the server HTML is only our facade: no iframe and nothing loaded from YouTube', () => {
	const html = renderToString(<Video id="jNQXAC9IVRw" title="Me at the zoo" />)
	expect(html).not.toContain('<iframe')
	expect(html).not.toContain('<img')
	expect(html).not.toContain('youtube-nocookie')
	expect(html).toContain('aria-label="Play video: Me at the zoo"')
})
