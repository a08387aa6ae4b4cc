import { createHash, createHmac, randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { log as serverLog } from '#app/server/log.server.ts'
import { removeStaleTempFiles, writeFileAtomic } from './atomic-file.server.ts'
import { scryptOnThread } from './scrypt-thread.server.ts'

export type Logger = (message: string) => void

const scryptHashSchema = z.object({
	algorithm: z.literal('scrypt'),
	N: z.number().int().min(2),
	r: z.number().int().min(1),
	p: z.number().int().min(1),
	salt: z.string().min(16),
	hash: z.string().min(32),
})

export type ScryptHash = z.infer<typeof scryptHashSchema>

// A generated API key carries 256 random bits: a plain SHA-256 of it can't be searched, so no slow
// hash is needed (and a wrong key costs microseconds, not a scrypt run).
const sha256HashSchema = z.object({ algorithm: z.literal('sha256'), hash: z.string().min(43) })

type KeyHashFile = z.infer<typeof sha256HashSchema> | ScryptHash

const KEY_LENGTH = 32
const DEFAULT_COST = { N: 2 ** 14, r: 8, p: 1 }

const scryptOptions = (cost: ScryptOptions) => ({ N: cost.N, r: cost.r, p: cost.p, maxmem: 64 * 1024 * 1024 })

/** Hashing a new secret (at start, or when one is generated): at the server's own priority. */
function scrypt(secret: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		scryptCallback(secret, salt, KEY_LENGTH, scryptOptions(cost), (error, key) => (error ? reject(error) : resolve(key)))
	})
}

export async function hashSecret(secret: string, cost: { N: number; r: number; p: number } = DEFAULT_COST): Promise<ScryptHash> {
	const salt = randomBytes(16)
	const hash = await scrypt(secret, salt, cost)
	return {
		algorithm: 'scrypt',
		...cost,
		salt: salt.toString('base64url'),
		hash: hash.toString('base64url'),
	}
}

/** Hashes the candidate with the stored salt and compares the hashes in constant time. */
export async function verifySecret(candidate: string, stored: ScryptHash): Promise<boolean> {
	const expected = Buffer.from(stored.hash, 'base64url')
	// What a client can make us do (a login flood): below the priority of the pages (scrypt-thread.server.ts).
	const actual = await scryptOnThread(candidate, Buffer.from(stored.salt, 'base64url'), KEY_LENGTH, scryptOptions(stored))
	return actual.length === expected.length && timingSafeEqual(actual, expected)
}

const sha256 = (value: string) => createHash('sha256').update(value).digest()

export type SecretVerifier = {
	verify(candidate: string): Promise<boolean>
	/** Where the secret came from: the environment, or a hash file in the data directory. */
	source: 'env' | 'file'
}

/** Checks a candidate against every key with no early exit, so timing says nothing. */
export function createKeyListVerifier(keys: readonly string[]): SecretVerifier {
	return digestListVerifier(keys.map(sha256), 'env')
}

function digestListVerifier(digests: readonly Buffer[], source: SecretVerifier['source']): SecretVerifier {
	return {
		source,
		async verify(candidate) {
			const digest = sha256(candidate)
			let match = false
			for (const known of digests) match = timingSafeEqual(digest, known) || match
			return match
		},
	}
}

function passwordVerifier(stored: ScryptHash, source: SecretVerifier['source']): SecretVerifier {
	// A password that passed scrypt once is remembered (as a SHA-256, in memory only) so a second
	// login doesn't pay for scrypt again; wrong ones always do, behind the login limit.
	const accepted = new Set<string>()
	return {
		source,
		async verify(candidate) {
			if (candidate.length === 0 || candidate.length > 1024) return false
			const digest = sha256(candidate).toString('base64url')
			if (accepted.has(digest)) return true
			const ok = await verifySecret(candidate, stored)
			if (ok) accepted.add(digest)
			return ok
		},
	}
}

/**
 * The generated key's verifier. An `api-key.json` from before keys were stored as SHA-256 holds a
 * scrypt hash: it is checked with scrypt until the key is first used, then rewritten as SHA-256.
 */
function keyFileVerifier(stored: KeyHashFile, path: string, log: Logger): SecretVerifier {
	if (stored.algorithm === 'sha256') return digestListVerifier([Buffer.from(stored.hash, 'base64url')], 'file')
	const legacy = passwordVerifier(stored, 'file')
	let upgraded: SecretVerifier | undefined
	return {
		source: 'file',
		async verify(candidate) {
			if (upgraded) return upgraded.verify(candidate)
			if (!(await legacy.verify(candidate))) return false
			const hash = sha256(candidate)
			upgraded = digestListVerifier([hash], 'file')
			try {
				await writeFileAtomic(path, hashFileText({ algorithm: 'sha256', hash: hash.toString('base64url') }))
				log(`[credentials] ${path} held a scrypt hash of the API key; it now holds its SHA-256.`)
			} catch (error) {
				log(`[credentials] Could not rewrite ${path} as SHA-256 (${(error as Error).message}); the key still works.`)
			}
			return true
		},
	}
}

export type Credentials = {
	apiKeys: SecretVerifier
	dashboardPassword: SecretVerifier
	/**
	 * Changes when the dashboard password does (a keyed hash, so it says nothing about the password):
	 * sessions are signed with it, so a new password ends every session of the old one.
	 */
	passwordFingerprint: Buffer
	/** Signs session cookies and the disk driver's upload URLs. */
	sessionSecret: Buffer
}

export type CredentialOptions = {
	dataDir: string
	/** `API_KEYS`: comma-separated. */
	apiKeys?: string
	/** `DASHBOARD_PASSWORD`. */
	dashboardPassword?: string
	/** `SESSION_SECRET`: at least 32 characters. */
	sessionSecret?: string
	log?: Logger
	/** scrypt cost for newly generated hashes (tests lower it). */
	cost?: { N: number; r: number; p: number }
}

function secretsDir(dataDir: string) {
	return join(dataDir, 'secrets')
}

/**
 * Reads the credentials from env, or from `<dataDir>/secrets/` where missing ones are generated on
 * first start: a random API key (only its SHA-256 is written), a dashboard password (only its
 * scrypt hash), each printed once to the log, and a random session secret.
 */
export async function loadCredentials(options: CredentialOptions): Promise<Credentials> {
	const log = options.log ?? serverLog.info
	const dir = secretsDir(options.dataDir)
	await mkdir(dir, { recursive: true, mode: 0o700 })
	await removeStaleTempFiles(dir)

	const keys = (options.apiKeys ?? '')
		.split(',')
		.map((key) => key.trim())
		.filter(Boolean)
	const apiKeyPath = join(dir, 'api-key.json')
	const apiKeys =
		keys.length > 0
			? createKeyListVerifier(keys)
			: keyFileVerifier(
					await loadOrGenerateHash({
						path: apiKeyPath,
						generate: () => `gg_${randomBytes(32).toString('base64url')}`,
						hash: async (key) => ({ algorithm: 'sha256', hash: sha256(key).toString('base64url') }),
						what: 'API key for the image API',
						envName: 'API_KEYS',
						log,
					}),
					apiKeyPath,
					log,
				)

	const sessionSecret = await loadSessionSecret(dir, options.sessionSecret)
	const password = options.dashboardPassword?.trim()
	const storedPassword = password
		? null
		: await loadOrGenerateHash({
				path: join(dir, 'dashboard-password.json'),
				generate: generatePassword,
				hash: (plaintext) => hashSecret(plaintext, options.cost),
				what: 'dashboard password',
				envName: 'DASHBOARD_PASSWORD',
				log,
			})
	if (storedPassword?.algorithm === 'sha256') {
		throw new Error(`${join(dir, 'dashboard-password.json')} is not a valid credential hash file. Delete it to generate a new one.`)
	}
	const dashboardPassword = storedPassword
		? passwordVerifier(storedPassword, 'file')
		: passwordVerifier(await hashSecret(password!, options.cost), 'env')
	const passwordFingerprint = createHmac('sha256', sessionSecret)
		.update(storedPassword ? `file\n${storedPassword.salt}\n${storedPassword.hash}` : `env\n${password}`)
		.digest()

	return { apiKeys, dashboardPassword, passwordFingerprint, sessionSecret }
}

/** 20 characters from an unambiguous alphabet (100 bits), grouped for reading: `k7mq2-x9tpd-…`. */
export function generatePassword(): string {
	const alphabet = '23456789abcdefghjkmnpqrstuvwxyz'
	const chars = [...randomBytes(20)].map((byte) => alphabet[byte % 31])
	return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join('')).join('-')
}

const hashFileText = (hash: KeyHashFile) => `${JSON.stringify(hash, null, '\t')}\n`

async function loadOrGenerateHash(input: {
	path: string
	generate: () => string
	hash: (plaintext: string) => Promise<KeyHashFile>
	what: string
	envName: string
	log: Logger
}): Promise<KeyHashFile> {
	const existing = await readCredentialFile(input.path)
	if (existing) return existing
	const plaintext = input.generate()
	const hash = await input.hash(plaintext)
	try {
		await writeFileAtomic(input.path, hashFileText(hash), { exclusive: true })
	} catch (error) {
		// Another process generated one at the same moment: use theirs (they printed it).
		if (isCode(error, 'EEXIST')) return (await readCredentialFile(input.path))!
		throw error
	}
	input.log(
		[
			`[credentials] ${input.envName} is not set, so ${withArticle(input.what)} was generated. It is shown only this once:`,
			'',
			`    ${plaintext}`,
			'',
			`Only its ${hash.algorithm === 'sha256' ? 'SHA-256' : 'scrypt hash'} is stored, in ${input.path}.`,
			`To change it, set ${input.envName}, or delete that file and restart to generate a new one.`,
		].join('\n'),
	)
	return hash
}

/** "an API key", "a dashboard password": the article follows the sound of the first letter. */
function withArticle(noun: string): string {
	return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
}

async function readCredentialFile(path: string): Promise<KeyHashFile | null> {
	let text: string
	try {
		text = await readFile(path, 'utf8')
	} catch (error) {
		if (isCode(error, 'ENOENT')) return null
		throw error
	}
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		json = undefined
	}
	const parsed = z.union([scryptHashSchema, sha256HashSchema]).safeParse(json)
	if (!parsed.success) {
		throw new Error(`${path} is not a valid credential hash file. Delete it to generate a new one.`)
	}
	return parsed.data
}

async function loadSessionSecret(dir: string, fromEnv: string | undefined): Promise<Buffer> {
	if (fromEnv !== undefined && fromEnv.trim() !== '') {
		if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long.')
		return Buffer.from(fromEnv, 'utf8')
	}
	const path = join(dir, 'session-secret')
	try {
		const stored = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url')
		if (stored.length < 32) throw new Error(`${path} is too short. Delete it to generate a new one.`)
		return stored
	} catch (error) {
		if (!isCode(error, 'ENOENT')) throw error
	}
	const secret = randomBytes(32)
	try {
		await writeFileAtomic(path, `${secret.toString('base64url')}\n`, { exclusive: true })
	} catch (error) {
		if (isCode(error, 'EEXIST')) return loadSessionSecret(dir, undefined)
		throw error
	}
	return secret
}

function isCode(error: unknown, code: string): boolean {
	return error instanceof Error && (error as NodeJS.ErrnoException).code === code
}
