import { test as base, expect, type Page } from '@playwright/test'

/**
 * `test` with `consoleErrors`: every console error and uncaught page error of the test's page.
 * Assert `expect(consoleErrors).toEqual([])` to prove a page renders cleanly.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
	consoleErrors: async ({ page }, use) => {
		const errors: string[] = []
		page.on('console', (message) => {
			if (message.type() === 'error') errors.push(message.text())
		})
		page.on('pageerror', (error) => errors.push(error.message))
		await use(errors)
	},
})

export { expect }

/** Waits until React has hydrated the page (the root sets this once its effects have run). */
export async function waitForHydration(page: Page) {
	await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
