import * as fs from 'node:fs/promises'
import { mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test, vi } from 'vitest'
import * as crypto from 'node:crypto'
import { createKeyListVerifier, generatePassword, hashSecret, loadCredentials, verifySecret } from './credentials.server.ts'
import { scryptOnThread } from './scrypt-thread.server.ts'

vi.mock('node:crypto', { spy: true })
vi.mock('./scrypt-thread.server.ts', { spy: true })
vi.mock('node:fs/promises', { spy: true })

const cost = { N: 1024, r: 8, p: 1 }
const dirs: string[] = []
afterEach(async () => {
	for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})
async function dataDir() {
	const dir = await mkdtemp(join(tmpdir(), 'credentials-'))
	dirs.push(dir)
	return dir
}

test('missing credentials are generated, printed once, and only their hashes are stored', async () => {
	const dir = await dataDir()
	const lines: string[] = []
	const credentials = await loadCredentials({ dataDir: dir, cost, log: (m) => lines.push(m) })
	expect(lines).toHaveLength(2)
	const apiKey = /\n {4}(gg_\S+)\n/.exec(lines.find((l) => l.includes('API_KEYS'))!)?.[1]
	const password = /\n {4}(\S+)\n/.exec(lines.find((l) => l.includes('DASHBOARD_PASSWORD'))!)?.[1]
	expect(apiKey).toMatch(/^gg_[\w-]{43}$/)
	expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/)
	expect(lines.join('\n')).toContain('delete that file and restart')
	expect(lines.join('\n')).toContain('so an API key for the image API was generated')
	expect(lines.join('\n')).toContain('so a dashboard password was generated')

	const files = await readdir(join(dir, 'secrets'))
	expect(files.sort()).toEqual(['api-key.json', 'dashboard-password.json', 'session-secret'])
	for (const file of ['api-key.json', 'dashboard-password.json']) {
		const text = await readFile(join(dir, 'secrets', file), 'utf8')
		expect(text).not.toContain(apiKey!)
		expect(text).not.toContain(password!)
		expect((await stat(join(dir, 'secrets', file))).mode & 0o777).toBe(0o600)
	}
	// The random key as a plain SHA-256, the human password as scrypt.
	const keyFile = JSON.parse(await readFile(join(dir, 'secrets', 'api-key.json'), 'utf8'))
	expect(keyFile).toEqual({ algorithm: 'sha256', hash: crypto.createHash('sha256').update(apiKey!).digest('base64url') })
	const passwordFile = JSON.parse(await readFile(join(dir, 'secrets', 'dashboard-password.json'), 'utf8'))
	expect(passwordFile).toMatchObject({ algorithm: 'scrypt', N: 1024 })

	expect(await credentials.apiKeys.verify(apiKey!)).toBe(true)
	expect(await credentials.apiKeys.verify(`${apiKey}x`)).toBe(false)
	expect(await credentials.dashboardPassword.verify(password!)).toBe(true)
	expect(await credentials.dashboardPassword.verify('guess')).toBe(false)
	expect(credentials.sessionSecret.length).toBe(32)

	// Second start: same secrets from the files, nothing printed.
	const again = await loadCredentials({ dataDir: dir, cost, log: (m) => lines.push(m) })
	expect(lines).toHaveLength(2)
	expect(await again.apiKeys.verify(apiKey!)).toBe(true)
	expect(await again.dashboardPassword.verify(password!)).toBe(true)
	expect(again.sessionSecret.equals(credentials.sessionSecret)).toBe(true)
})

test('env values win and nothing is generated for them', async () => {
	const dir = await dataDir()
	const lines: string[] = []
	const credentials = await loadCredentials({
		dataDir: dir,
		apiKeys: ' key-one , key-two,',
		dashboardPassword: 'correct horse',
		sessionSecret: 's'.repeat(40),
		cost,
		log: (m) => lines.push(m),
	})
	expect(lines).toEqual([])
	expect(await readdir(join(dir, 'secrets'))).toEqual([])
	expect(await credentials.apiKeys.verify('key-one')).toBe(true)
	expect(await credentials.apiKeys.verify('key-two')).toBe(true)
	expect(await credentials.apiKeys.verify('key-three')).toBe(false)
	expect(await credentials.apiKeys.verify('')).toBe(false)
	expect(await credentials.dashboardPassword.verify('correct horse')).toBe(true)
	expect(await credentials.dashboardPassword.verify('correct horse ')).toBe(false)
	expect(credentials.sessionSecret.toString()).toBe('s'.repeat(40))
})

test('a wrong API key costs a SHA-256, never a scrypt run', async () => {
	const dir = await dataDir()
	const credentials = await loadCredentials({ dataDir: dir, cost, log: () => {} })
	const scrypt = vi.mocked(scryptOnThread)
	scrypt.mockClear()
	for (let i = 0; i < 50; i++) expect(await credentials.apiKeys.verify(`gg_wrong-${i}`)).toBe(false)
	expect(scrypt).not.toHaveBeenCalled()
	// The password still goes through scrypt.
	expect(await credentials.dashboardPassword.verify('a-guess')).toBe(false)
	expect(scrypt).toHaveBeenCalledTimes(1)
})

test('an API key file from before (scrypt) still works and is rewritten as SHA-256 on first use', async () => {
	const dir = await dataDir()
	await loadCredentials({ dataDir: dir, cost, log: () => {} })
	const legacy = await hashSecret('gg_the-old-key', cost)
	await writeFile(join(dir, 'secrets', 'api-key.json'), JSON.stringify(legacy))
	const lines: string[] = []
	const credentials = await loadCredentials({ dataDir: dir, cost, log: (m) => lines.push(m) })
	expect(await credentials.apiKeys.verify('gg_not-it')).toBe(false)
	expect(await credentials.apiKeys.verify('gg_the-old-key')).toBe(true)
	expect(JSON.parse(await readFile(join(dir, 'secrets', 'api-key.json'), 'utf8'))).toMatchObject({ algorithm: 'sha256' })
	expect(lines.join('\n')).toMatch(/now holds its SHA-256/)
	const scrypt = vi.mocked(scryptOnThread)
	scrypt.mockClear()
	expect(await credentials.apiKeys.verify('gg_not-it')).toBe(false)
	expect(await credentials.apiKeys.verify('gg_the-old-key')).toBe(true)
	expect(scrypt).not.toHaveBeenCalled()
	const restarted = await loadCredentials({ dataDir: dir, cost, log: () => {} })
	expect(await restarted.apiKeys.verify('gg_the-old-key')).toBe(true)
})

test('the password fingerprint follows the password, not the restart', async () => {
	const dir = await dataDir()
	const secret = 's'.repeat(40)
	const load = (dashboardPassword?: string) =>
		loadCredentials({ dataDir: dir, apiKeys: 'k', sessionSecret: secret, dashboardPassword, cost, log: () => {} })
	const one = await load('password-one')
	expect((await load('password-one')).passwordFingerprint.equals(one.passwordFingerprint)).toBe(true)
	expect((await load('password-two')).passwordFingerprint.equals(one.passwordFingerprint)).toBe(false)
	// It is keyed by the session secret: no plain hash of the password.
	expect(one.passwordFingerprint.equals(crypto.createHash('sha256').update('password-one').digest())).toBe(false)
	// A generated password file: same file, same fingerprint; a new file, a new one.
	const generated = await load()
	expect((await load()).passwordFingerprint.equals(generated.passwordFingerprint)).toBe(true)
	await rm(join(dir, 'secrets', 'dashboard-password.json'))
	expect((await load()).passwordFingerprint.equals(generated.passwordFingerprint)).toBe(false)
})

test('a short SESSION_SECRET or a damaged hash file is a clear error', async () => {
	const dir = await dataDir()
	await expect(loadCredentials({ dataDir: dir, apiKeys: 'k', dashboardPassword: 'p', sessionSecret: 'short' })).rejects.toThrow(
		'SESSION_SECRET must be at least 32 characters',
	)
	await loadCredentials({ dataDir: dir, cost, log: () => {} })
	await writeFile(join(dir, 'secrets', 'api-key.json'), '{"not":"a hash"}')
	await expect(loadCredentials({ dataDir: dir, cost, log: () => {} })).rejects.toThrow(
		/api-key\.json is not a valid credential hash file\. Delete it/,
	)
})

test('verification compares hashes with timingSafeEqual', async () => {
	const spy = vi.mocked(crypto.timingSafeEqual)
	spy.mockClear()
	const stored = await hashSecret('secret', cost)
	expect(await verifySecret('secret', stored)).toBe(true)
	expect(await verifySecret('secreT', stored)).toBe(false)
	expect(spy).toHaveBeenCalledTimes(2)
	// Both arguments are fixed-length digests, never the secrets themselves.
	for (const [a, b] of spy.mock.calls) {
		expect((a as Buffer).length).toBe(32)
		expect((b as Buffer).length).toBe(32)
	}

	spy.mockClear()
	const keys = createKeyListVerifier(['a', 'b', 'c'])
	expect(await keys.verify('a')).toBe(true)
	// No early exit on a match: every key is compared.
	expect(spy).toHaveBeenCalledTimes(3)
})

test('each hash gets its own salt', async () => {
	const one = await hashSecret('same', cost)
	const two = await hashSecret('same', cost)
	expect(one.salt).not.toBe(two.salt)
	expect(one.hash).not.toBe(two.hash)
})

test('generated passwords differ and avoid look-alike characters', () => {
	const passwords = new Set(Array.from({ length: 50 }, generatePassword))
	expect(passwords.size).toBe(50)
	for (const password of passwords) expect(password).not.toMatch(/[01lo]/)
})

/** Every write below fails as on a full disk: the file is created, nothing lands in it. */
async function fillTheDisk() {
	const real = await vi.importActual<typeof fs>('node:fs/promises')
	const noSpace = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
	vi.mocked(fs.writeFile).mockImplementation(async (path, _data, options) => {
		await real.writeFile(path, '', options)
		throw noSpace()
	})
	vi.mocked(fs.open).mockImplementation(async (...args: Parameters<typeof real.open>) => {
		const handle = await real.open(...args)
		handle.writeFile = async () => {
			throw noSpace()
		}
		return handle
	})
	return () => {
		vi.mocked(fs.writeFile).mockImplementation(real.writeFile)
		vi.mocked(fs.open).mockImplementation(real.open)
	}
}

test('a full disk leaves no empty credential file: the next start generates the credentials', async () => {
	const dir = await dataDir()
	const freeSpace = await fillTheDisk()
	try {
		await expect(loadCredentials({ dataDir: dir, cost, log: () => {} })).rejects.toThrow(/ENOSPC/)
	} finally {
		freeSpace()
	}
	// Neither a 0-byte api-key.json nor the temporary file it was written to.
	expect(await readdir(join(dir, 'secrets'))).toEqual([])
	const lines: string[] = []
	const credentials = await loadCredentials({ dataDir: dir, cost, log: (m) => lines.push(m) })
	const key = lines.join('\n').match(/gg_[\w-]{43}/)?.[0]
	expect(key && (await credentials.apiKeys.verify(key))).toBe(true)
})

test('a start removes the temporary files of a process that died mid-write, not fresh ones', async () => {
	const dir = await dataDir()
	await fs.mkdir(join(dir, 'secrets'))
	const stale = join(dir, 'secrets', '.api-key.json.4242.0123456789ab.tmp')
	const fresh = join(dir, 'secrets', '.session-secret.4243.ba9876543210.tmp')
	await writeFile(stale, '{"algor')
	await writeFile(fresh, '')
	const anHourAgo = new Date(Date.now() - 3_600_000)
	await utimes(stale, anHourAgo, anHourAgo)
	await loadCredentials({ dataDir: dir, cost, log: () => {} })
	const left = await readdir(join(dir, 'secrets'))
	expect(left).not.toContain('.api-key.json.4242.0123456789ab.tmp')
	expect(left).toContain('.session-secret.4243.ba9876543210.tmp')
	expect(left).toContain('api-key.json')
})
