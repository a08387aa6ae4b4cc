/**
 * Finds Debian's Chromium for the browser tests, installing the `chromium` package when it is
 * missing and we may (root with apt). Never downloads Playwright's own browsers.
 * Prints the path; exits non-zero with a clear message when no browser can be had.
 */
import { accessSync, constants } from 'node:fs'
import { aptInstall } from './apt-install.ts'

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p))

function executable(path: string): boolean {
	try {
		accessSync(path, constants.X_OK)
		return true
	} catch {
		return false
	}
}

export function findChromium(): string | undefined {
	return CANDIDATES.find(executable)
}

export function ensureChromium(log: (line: string) => void = console.log): string {
	const found = findChromium()
	if (found) return found
	if (!aptInstall('chromium', log)) {
		throw new Error("No Chromium found. Install Debian's chromium (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH.")
	}
	const installed = findChromium()
	if (!installed) throw new Error('apt-get installed chromium, but /usr/bin/chromium is still missing.')
	return installed
}

if (import.meta.url === `file://${process.argv[1]}`) {
	try {
		console.log(ensureChromium())
	} catch (error) {
		console.error((error as Error).message)
		process.exit(1)
	}
}
