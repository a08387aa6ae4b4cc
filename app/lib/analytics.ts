import type { PostHog } from 'posthog-js'

type Config = { key: string; host: string }

let client: Promise<PostHog> | undefined
const queue: Array<[string, Record<string, unknown> | undefined]> = []

/** Loads posthog-js only when a project key is configured; without one nothing is loaded. */
export function startAnalytics(config: Config) {
	client ??= import('posthog-js').then(({ default: posthog }) => {
		posthog.init(config.key, {
			api_host: config.host,
			capture_exceptions: true,
			person_profiles: 'identified_only',
		})
		for (const [event, props] of queue.splice(0)) posthog.capture(event, props)
		return posthog
	})
}

/**
 * Records an event: to PostHog when configured, and always as an `analytics:track` DOM event,
 * so other listeners (and browser tests) can see what the site reports.
 */
export function track(event: string, props?: Record<string, unknown>) {
	if (typeof document !== 'undefined') {
		document.dispatchEvent(new CustomEvent('analytics:track', { detail: { event, props } }))
	}
	if (!client) {
		// Keep a few early events for when analytics start; drop the rest.
		if (queue.length < 20) queue.push([event, props])
		return
	}
	void client.then((posthog) => posthog.capture(event, props))
}
