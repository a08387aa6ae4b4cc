import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import Screenshot from './screenshot.tsx'
import { screenshotSchema } from './screenshot.schema.ts'

test('the schema wants a path, alt text and a size', () => {
	expect(screenshotSchema.parse({ src: '/a.svg', alt: 'A', width: '640', height: '360' })).toEqual({
		src: '/a.svg',
		alt: 'A',
		width: 640,
		height: 360,
	})
	expect(screenshotSchema.safeParse({ src: '/a.svg', alt: ' ', width: 1, height: 1 }).error?.issues[0]?.message).toBe(
		'every image needs alt text',
	)
	expect(screenshotSchema.safeParse({ src: 'a.svg', alt: 'A', width: 1, height: 1 }).success).toBe(false)
	expect(screenshotSchema.safeParse({ src: '/a.svg', alt: 'A', width: 0, height: 1 }).success).toBe(false)
})

test('the image is lazy with its size reserved, a caption and a labelled magnifier', () => {
	const page = serverHtml(<Screenshot src="/a.svg" alt="A layout" width={640} height={360} caption="The caption" />)
	const image = page.getByRole('img', { name: 'A layout' })
	expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual([
		'/a.svg',
		'640',
		'360',
		'lazy',
	])
	expect(page.getByRole('button', { name: 'Enlarge image: A layout' })).toBeTruthy()
	expect(page.getByRole('figure').querySelector('figcaption')?.textContent).toBe('The caption')
	// The full-size viewer only exists once opened.
	expect(page.queryByRole('dialog', { hidden: true })).toBeNull()
})
