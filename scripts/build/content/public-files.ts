import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { PublicFiles } from '#app/widgets/widget-build.ts'
import { readImageSize } from '../image-size.ts'

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
