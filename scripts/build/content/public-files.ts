import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { readImageSize, type Size } from '../image-size.ts'

/** What the content build may ask about files under public/, by their URL path (`/images/a.svg`). */
export type PublicFiles = {
	/** Width and height of an image, or undefined when there is no such image. */
	imageSize: (src: string) => Size | undefined
	exists: (src: string) => boolean
	/** A text file's contents, or undefined when there is no such file. */
	readText: (src: string) => string | undefined
}

export function publicFiles(publicDir: string): PublicFiles {
	const file = (src: string) => path.join(publicDir, decodeURI(src.split(/[?#]/)[0]!))
	return {
		imageSize: (src) => readImageSize(file(src)),
		exists: (src) => statSync(file(src), { throwIfNoEntry: false })?.isFile() ?? false,
		readText: (src) => {
			try {
				return readFileSync(file(src), 'utf8')
			} catch {
				return undefined
			}
		},
	}
}
