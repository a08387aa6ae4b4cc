import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import Video from './video.tsx'
import { videoSchema } from './video.schema.ts'
import { embedUrl, formatStart, watchUrl } from './video-url.ts'

test('the schema wants an 11-character YouTube id and a title', () => {
	expect(videoSchema.parse({ id: 'jNQXAC9IVRw', title: 'A video', start: '90' })).toEqual({
		id: 'jNQXAC9IVRw',
		title: 'A video',
		start: 90,
	})
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
	const page = serverHtml(<Video id="jNQXAC9IVRw" title="Me at the zoo" />)
	expect(page.container.querySelector('iframe')).toBeNull()
	expect(page.queryByRole('img')).toBeNull()
	expect(page.container.innerHTML).not.toContain('youtube-nocookie')
	// The facade's button only works once hydrated: until then it is hidden from screen readers.
	expect(page.getByLabelText('Play video: Me at the zoo').getAttribute('aria-hidden')).toBe('true')
})

test('a video file: src is a local .mp4, with an optional poster and transcript; never with an id', () => {
	const file = { src: '/videos/a.mp4', poster: '/videos/a.svg', transcript: '/videos/a.vtt', title: 'A' }
	expect(videoSchema.parse(file)).toEqual(file)
	const reason = (value: object) =>
		videoSchema
			.safeParse(value)
			.error?.issues.map((i) => i.message)
			.join('; ')
	expect(reason({ title: 'A' })).toMatch(/either id .* or src/)
	expect(reason({ ...file, id: 'jNQXAC9IVRw' })).toMatch(/either id .* or src/)
	expect(reason({ id: 'jNQXAC9IVRw', title: 'A', poster: '/a.svg' })).toMatch(/poster is only for a video file/)
	expect(reason({ src: '/videos/a.webm', title: 'A' })).toMatch(/src must end in \.mp4/)
	expect(reason({ src: 'videos/a.mp4', title: 'A' })).toMatch(/path of a file under public/)
	expect(reason({ src: '/videos/a.mp4', transcript: '/videos/a.srt', title: 'A' })).toMatch(/transcript must end in \.vtt/)
})

test('a video file renders its poster facade and transcript, with no <video> until play', () => {
	const page = serverHtml(
		<Video
			src="/videos/a.mp4"
			poster="/videos/a.svg"
			transcript="/videos/a.vtt"
			title="A fight"
			lines={[
				{ start: 0, text: 'First.' },
				{ start: 65, text: 'Second.' },
			]}
			duration={70}
		/>,
	)
	expect(page.container.querySelector('video')).toBeNull()
	expect(page.container.querySelector('img')?.getAttribute('src')).toBe('/videos/a.svg')
	expect(page.getByText(/^1:10 · No sound/)).toBeTruthy()
	expect(page.getByRole('button', { name: 'Play from 1:05', hidden: true })).toBeTruthy()
	expect(page.getByText('Second.')).toBeTruthy()
})
