import { expect, test } from 'vitest'
import { formatTimestamp, formatVtt, parseVtt } from './webvtt.ts'

test('timestamps have hours, minutes, seconds and milliseconds', () => {
	expect([0, 4.5, 65.25, 3725.001].map(formatTimestamp)).toEqual(['00:00:00.000', '00:00:04.500', '00:01:05.250', '01:02:05.001'])
})

test('what formatVtt writes, parseVtt reads back', () => {
	const cues = [
		{ start: 0, end: 5, text: 'One.' },
		{ start: 5, end: 13.4, text: 'Two, with 60 % in it.' },
	]
	const vtt = formatVtt(cues)
	expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.000 --> 00:00:05.000\nOne.')).toBe(true)
	expect(parseVtt(vtt)).toEqual(cues)
})

test('parseVtt takes short timestamps, cue settings, notes and tags, and rejects what is not WebVTT', () => {
	const source = 'WEBVTT - a title\r\n\r\nNOTE written by hand\r\n\r\n00:01.500 --> 00:03.000 line:0\r\n<v Guide>Hello</v>\r\nthere\r\n'
	expect(parseVtt(source)).toEqual([{ start: 1.5, end: 3, text: 'Hello there' }])
	expect(() => parseVtt('1\n00:00.000 --> 00:01.000\nx')).toThrow(/must start with "WEBVTT"/)
	expect(() => parseVtt('WEBVTT\n\n00:02.000 --> 00:01.000\nx')).toThrow(/bad cue timing/)
	expect(() => parseVtt('WEBVTT\n\nhello\nworld\nagain')).toThrow(/without a timing line/)
	expect(() => parseVtt('WEBVTT\n')).toThrow(/no cues/)
})
