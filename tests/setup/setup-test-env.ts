import { afterEach, vi } from 'vitest'

// A test that logs an error or a warning is a failing test: surface it.
const fail =
	(kind: string) =>
	(...args: unknown[]) => {
		throw new Error(`console.${kind} called: ${args.map(String).join(' ')}`)
	}
vi.spyOn(console, 'error').mockImplementation(fail('error'))
vi.spyOn(console, 'warn').mockImplementation(fail('warn'))

afterEach(() => {
	vi.useRealTimers()
})

// Component tests that render in the browser (`// @vitest-environment happy-dom`) use Testing Library's
// render: unmount and empty the document after each. (Server HTML: tests/fixtures/server-html.ts.)
if (typeof document !== 'undefined') {
	const { cleanup } = await import('@testing-library/react')
	afterEach(() => {
		cleanup()
		document.body.innerHTML = ''
	})
}
