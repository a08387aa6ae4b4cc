import { expect, test, vi } from 'vitest'

const posthog = vi.hoisted(() => ({ init: vi.fn(), capture: vi.fn() }))
vi.mock('posthog-js', () => ({ default: posthog }))

test('without a key nothing loads; with one, posthog starts on the US host and gets queued events', async () => {
	const { startAnalytics, track } = await import('./analytics.ts')
	track('early_event', { a: 1 })
	expect(posthog.init).not.toHaveBeenCalled()

	startAnalytics({ key: 'phc_test', host: 'https://us.i.posthog.com' })
	await vi.waitFor(() => expect(posthog.init).toHaveBeenCalledTimes(1))
	expect(posthog.init).toHaveBeenCalledWith(
		'phc_test',
		expect.objectContaining({ api_host: 'https://us.i.posthog.com', capture_exceptions: true }),
	)
	expect(posthog.capture).toHaveBeenCalledWith('early_event', { a: 1 })

	track('magnifier_button_clicked', { image_src: '/x.svg' })
	await vi.waitFor(() => expect(posthog.capture).toHaveBeenCalledWith('magnifier_button_clicked', { image_src: '/x.svg' }))
	startAnalytics({ key: 'phc_test', host: 'https://us.i.posthog.com' })
	expect(posthog.init).toHaveBeenCalledTimes(1)
})
