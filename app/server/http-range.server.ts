/** An inclusive byte range of a file. */
export type ByteRange = { start: number; end: number }

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; null to ignore the header, 'unsatisfiable' for 416. */
export function parseRange(header: string, size: number): ByteRange | null | 'unsatisfiable' {
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
	if (!match || (match[1] === '' && match[2] === '')) return null
	const [, first = '', last = ''] = match
	if (first === '') {
		const suffix = Number(last)
		if (suffix === 0 || size === 0) return 'unsatisfiable'
		return { start: Math.max(0, size - suffix), end: size - 1 }
	}
	const start = Number(first)
	const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
	if (last !== '' && Number(last) < start) return null
	if (start >= size) return 'unsatisfiable'
	return { start, end }
}
