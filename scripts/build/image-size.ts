import { readFileSync } from 'node:fs'

export type Size = { width: number; height: number }

/** Intrinsic size of an SVG, PNG, GIF or JPEG file, or undefined when it cannot be read. */
export function readImageSize(file: string): Size | undefined {
	let data: Buffer
	try {
		data = readFileSync(file)
	} catch {
		return undefined
	}
	if (file.endsWith('.svg')) return svgSize(data.toString('utf8'))
	if (data.subarray(1, 4).toString('latin1') === 'PNG') {
		return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
	}
	if (data.subarray(0, 3).toString('latin1') === 'GIF') {
		return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) }
	}
	if (data[0] === 0xff && data[1] === 0xd8) return jpegSize(data)
	return undefined
}

function svgSize(text: string): Size | undefined {
	const tag = /<svg\b[^>]*>/i.exec(text)?.[0]
	if (!tag) return undefined
	const attr = (name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1]
	const width = Number.parseFloat(attr('width') ?? '')
	const height = Number.parseFloat(attr('height') ?? '')
	if (width > 0 && height > 0 && !/%/.test(attr('width') ?? '')) {
		return { width: Math.round(width), height: Math.round(height) }
	}
	const box = attr('viewBox')
		?.split(/[\s,]+/)
		.map(Number)
	if (box && box.length === 4 && box[2]! > 0 && box[3]! > 0) {
		return { width: Math.round(box[2]!), height: Math.round(box[3]!) }
	}
	return undefined
}

function jpegSize(data: Buffer): Size | undefined {
	let offset = 2
	while (offset + 9 < data.length) {
		if (data[offset] !== 0xff) return undefined
		const marker = data[offset + 1]!
		const length = data.readUInt16BE(offset + 2)
		if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
			return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) }
		}
		offset += 2 + length
	}
	return undefined
}
