import { expect, test } from 'vitest'
import { dashboardMeta, safeRedirectTo } from './paths.ts'

test('safeRedirectTo keeps dashboard paths', () => {
	expect(safeRedirectTo('/dev/dashboard')).toBe('/dev/dashboard')
	expect(safeRedirectTo('/dev/dashboard/upload')).toBe('/dev/dashboard/upload')
	expect(safeRedirectTo('/dev/dashboard/gallery?page=3')).toBe('/dev/dashboard/gallery?page=3')
})

test('safeRedirectTo sends anything else to the dashboard', () => {
	for (const value of [
		'//evil.example/dev/dashboard',
		'https://evil.example/',
		'/dev/dashboard/../../admin',
		'/dev/dashboardx',
		'/',
		null,
		42,
	]) {
		expect(safeRedirectTo(value)).toBe('/dev/dashboard')
	}
})

test('dashboardMeta keeps dashboard pages out of search results', () => {
	expect(dashboardMeta('Upload Center')).toEqual([{ title: 'Upload Center - Gielinor Guide' }, { name: 'robots', content: 'noindex' }])
})
