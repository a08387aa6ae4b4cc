import { randomBytes } from 'node:crypto'

// Crockford base32 in lower case: its characters sort in the same order as the values they encode,
// so keys sort by creation time as plain strings (file names, S3 ListObjectsV2 order).
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const TIME_CHARS = 10
const RANDOM_CHARS = 12
const MAX_STEM = 60
const MAX_EXTENSION = 10

/** `<10 time chars><12 random chars>-<slug>`: unique, time-sortable, safe in a URL and a path. */
const KEY_PATTERN = /^[0-9a-hjkmnp-tv-z]{22}-[a-z0-9][a-z0-9-]{0,59}(?:\.[a-z0-9]{1,10})?$/

export function isValidKey(key: string): boolean {
	return KEY_PATTERN.test(key)
}

/**
 * A readable, safe slug for a user-supplied file name: the last path segment only, accents folded,
 * lower case, anything but letters and digits collapsed to `-`, bounded length, extension kept.
 */
export function sanitizeFilename(name: string): string {
	const base = name.split(/[/\\]/).pop() ?? ''
	const folded = base.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
	const dot = folded.lastIndexOf('.')
	const rawStem = dot > 0 ? folded.slice(0, dot) : folded
	const rawExtension = dot > 0 ? folded.slice(dot + 1) : ''
	const stem =
		rawStem
			.replace(/[^a-z0-9]+/g, '-')
			.slice(0, MAX_STEM)
			.replace(/^-+|-+$/g, '') || 'file'
	const extension = rawExtension.replace(/[^a-z0-9]/g, '').slice(0, MAX_EXTENSION)
	return extension ? `${stem}.${extension}` : stem
}

function encodeTime(ms: number): string {
	let value = Math.max(0, Math.floor(ms))
	let out = ''
	for (let i = 0; i < TIME_CHARS; i++) {
		out = ALPHABET[value % 32] + out
		value = Math.floor(value / 32)
	}
	return out
}

function randomChars(count: number): string {
	const bytes = randomBytes(count)
	let out = ''
	for (const byte of bytes) out += ALPHABET[byte & 31]
	return out
}

/** The creation time encoded in a key (milliseconds since the epoch). */
export function keyTime(key: string): number {
	let value = 0
	for (const char of key.slice(0, TIME_CHARS)) value = value * 32 + ALPHABET.indexOf(char)
	return value
}

/** The readable part of a key, e.g. `map.png`: used as the download name. */
export function keyDisplayName(key: string): string {
	return key.slice(TIME_CHARS + RANDOM_CHARS + 1)
}

/**
 * Whether a key's file name holds what a reader typed to find it, compared the way names are
 * stored (lower case, spaces and underscores as `-`): "Lumbridge Map" finds `…-lumbridge-map.png`.
 */
export function keyMatchesFilter(key: string, filter: string | undefined): boolean {
	const needle = (filter ?? '')
		.trim()
		.toLowerCase()
		.replace(/[\s_]+/g, '-')
	return needle === '' || keyDisplayName(key).includes(needle)
}

/**
 * Makes unique keys whose order is the order they were made in: within one process the time part
 * never repeats or goes back (a clash moves it on by 1 ms), so newest-first needs no tie-break.
 */
export function createKeyFactory(now: () => number = Date.now): (filename: string) => string {
	let last = -1
	return (filename) => {
		const time = Math.max(now(), last + 1)
		last = time
		return `${encodeTime(time)}${randomChars(RANDOM_CHARS)}-${sanitizeFilename(filename)}`
	}
}
