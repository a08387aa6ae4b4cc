import { execFileSync, spawnSync } from 'node:child_process'

/**
 * Installs a Debian package with apt-get when we may (root with apt). Returns false, installing
 * nothing, when we may not; throws when apt-get fails.
 */
export function aptInstall(pkg: string, log: (line: string) => void = console.log): boolean {
	const isRoot = process.getuid?.() === 0
	const hasApt = spawnSync('which', ['apt-get']).status === 0
	if (!isRoot || !hasApt) return false
	log(`${pkg} not found: installing Debian's ${pkg} package (apt-get)…`)
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
	execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
	execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env })
	return true
}
