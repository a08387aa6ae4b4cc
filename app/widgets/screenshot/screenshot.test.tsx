import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
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
	const html = renderToString(<Screenshot src="/a.svg" alt="A layout" width={640} height={360} caption="The caption" />)
	expect(html).toMatch(/<img src="\/a.svg" alt="A layout" width="640" height="360" loading="lazy"/)
	expect(html).toMatch(/<button[^>]*aria-label="Enlarge image: A layout"/)
	expect(html).toContain('<figcaption class="mt-2 text-sm text-muted">The caption</figcaption>')
	// The full-size viewer only exists once opened.
	expect(html).not.toContain('<dialog')
})
