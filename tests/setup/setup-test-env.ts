import { afterEach, vi } from 'vitest'

// A test that logs an error or a warning is a failing test: surface it.
const fail = (kind: string) => (...args: unknown[]) => {
	throw new Error(`console.${kind} called: ${args.map(String).join(' ')}`)
}
vi.spyOn(console, 'error').mockImplementation(fail('error'))
vi.spyOn(console, 'warn').mockImplementation(fail('warn'))

afterEach(() => {
	vi.useRealTimers()
})

// Component tests (`// @vitest-environment happy-dom`) render with Testing Library (or place the server's
// HTML, tests/fixtures/server-html.ts): unmount and empty the document after each.
if (typeof document !== 'undefined') {
	const { cleanup } = await import('@testing-library/react')
	afterEach(() => {
		cleanup()
		document.body.innerHTML = ''
	})
}
