import { expect, test } from 'vitest'
import { ACCEPTED_TYPES_TEXT, sortUploadFiles, validateUploadFile } from './upload-validation.ts'

test('validateUploadFile takes the content type from the extension', () => {
	expect(validateUploadFile({ name: 'map.PNG', size: 10 })).toEqual({ ok: true, contentType: 'image/png' })
	expect(validateUploadFile({ name: 'shot.jpeg', size: 10 })).toEqual({
		ok: true,
		contentType: 'image/jpeg',
	})
	expect(validateUploadFile({ name: 'notes.txt', size: 1 })).toEqual({ ok: true, contentType: 'text/plain' })
	expect(validateUploadFile({ name: 'guide.docx', size: 1 })).toEqual({
		ok: true,
		contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	})
})

test('validateUploadFile refuses types the API does not accept, naming the accepted ones', () => {
	const result = validateUploadFile({ name: 'setup.exe', size: 10 })
	expect(result).toEqual({
		ok: false,
		error: `setup.exe: .exe files can't be uploaded. Accepted: ${ACCEPTED_TYPES_TEXT}.`,
	})
	expect(ACCEPTED_TYPES_TEXT).toBe('PNG, JPEG, GIF, WebP, AVIF, SVG, PDF, DOC, DOCX or TXT')
	expect(validateUploadFile({ name: 'README', size: 10 })).toMatchObject({
		ok: false,
		error: expect.stringContaining("Files without an extension can't be uploaded"),
	})
})

test('validateUploadFile refuses empty files and files over the limit', () => {
	expect(validateUploadFile({ name: 'a.png', size: 0 })).toEqual({
		ok: false,
		error: 'a.png: the file is empty.',
	})
	expect(validateUploadFile({ name: 'a.png', size: 2048 }, { maxBytes: 1024 })).toEqual({
		ok: false,
		error: 'a.png: 2 KB is over the 1 KB limit.',
	})
	expect(validateUploadFile({ name: 'a.png', size: 10 ** 10 }, { maxBytes: null })).toMatchObject({
		ok: true,
	})
})

test('validateUploadFile refuses blank and over-long names', () => {
	expect(validateUploadFile({ name: '  ', size: 1 })).toEqual({ ok: false, error: 'A file has no name.' })
	const long = `${'x'.repeat(300)}.png`
	expect(validateUploadFile({ name: long, size: 1 })).toMatchObject({
		ok: false,
		error: expect.stringMatching(/^x{37}…: the name is longer than 255 characters\.$/),
	})
})

test('sortUploadFiles keeps the order and splits accepted from rejected', () => {
	const files = [
		{ name: 'one.png', size: 5 },
		{ name: 'bad.zip', size: 5 },
		{ name: 'two.pdf', size: 5 },
	]
	const sorted = sortUploadFiles(files)
	expect(sorted.accepted.map((job) => [job.file.name, job.contentType])).toEqual([
		['one.png', 'image/png'],
		['two.pdf', 'application/pdf'],
	])
	expect(sorted.rejected.map((item) => item.file.name)).toEqual(['bad.zip'])
})
