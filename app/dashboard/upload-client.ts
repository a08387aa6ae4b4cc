import { z } from 'zod'
import type { AllowedContentType } from './file-types.ts'
import { describeStatus } from '#app/lib/http-status.ts'
import { imagesApi } from './paths.ts'

const uploadUrlSchema = z.object({
	uploadUrl: z.string().min(1),
	filename: z.string().min(1),
	publicUrl: z.string().min(1),
	expiresIn: z.number().optional(),
})

export type UploadTarget = { uploadUrl: string; key: string; publicUrl: string }

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/**
 * Asks the image API for a signed upload URL, with the author's API key as the Bearer token. The
 * size goes too: the API refuses a file over MAX_UPLOAD_BYTES at once, and S3 signs it in.
 */
export async function requestUploadUrl(
	input: { apiKey: string; filename: string; contentType: AllowedContentType; size: number },
	fetchImpl: FetchLike = fetch,
): Promise<UploadTarget> {
	const response = await fetchImpl(imagesApi.uploadUrl, {
		method: 'POST',
		headers: {
			Authorization: `Bearer ${input.apiKey}`,
			'Content-Type': 'application/json',
			Accept: 'application/json',
		},
		body: JSON.stringify({ filename: input.filename, contentType: input.contentType, size: input.size }),
	})
	if (!response.ok) {
		throw new Error(`Failed to get upload URL: ${describeStatus(response.status, response.statusText)}`)
	}
	const parsed = uploadUrlSchema.safeParse(await response.json().catch(() => null))
	if (!parsed.success) throw new Error('Failed to get upload URL: the server sent an unexpected answer.')
	return {
		uploadUrl: parsed.data.uploadUrl,
		key: parsed.data.filename,
		publicUrl: parsed.data.publicUrl,
	}
}

/** Just what `putFile` uses of XMLHttpRequest, so tests can hand in a fake. */
export type XhrLike = Pick<
	XMLHttpRequest,
	'open' | 'setRequestHeader' | 'send' | 'status' | 'statusText' | 'upload' | 'onload' | 'onerror' | 'onabort'
>

/**
 * PUTs the bytes straight to the signed URL. XMLHttpRequest, not fetch: only XHR reports upload
 * progress, so the progress bar shows bytes actually sent. `If-None-Match: *` makes it a
 * conditional write: an S3 URL has it signed in, so the file can be created once, never replaced.
 */
export function putFile(
	input: { url: string; body: Blob; contentType: string; onProgress: (loaded: number) => void },
	createXhr: () => XhrLike = () => new XMLHttpRequest(),
): Promise<void> {
	return new Promise((resolve, reject) => {
		const xhr = createXhr()
		xhr.open('PUT', input.url)
		xhr.setRequestHeader('Content-Type', input.contentType)
		xhr.setRequestHeader('If-None-Match', '*')
		xhr.upload.onprogress = (event) => input.onProgress(event.loaded)
		xhr.onload = () => {
			if (xhr.status >= 200 && xhr.status < 300) {
				input.onProgress(input.body.size)
				resolve()
			} else {
				reject(new Error(`Upload failed: ${describeStatus(xhr.status, xhr.statusText)}`))
			}
		}
		xhr.onerror = () => reject(new Error('Upload failed: the connection to the server was lost.'))
		xhr.onabort = () => reject(new Error('Upload failed: the upload was cancelled.'))
		xhr.send(input.body)
	})
}

export type UploadJob<F extends Blob & { name: string }> = { file: F; contentType: AllowedContentType }

export type UploadedFile = {
	key: string
	name: string
	size: number
	contentType: AllowedContentType
	publicUrl: string
}

export type UploadProgress = {
	/** 0–100, whole numbers; 100 only once every byte is stored. */
	percent: number
	/** 1-based index of the file being sent, and its name. */
	index: number
	count: number
	name: string
}

export function progressPercent(sentBytes: number, totalBytes: number): number {
	if (totalBytes <= 0) return 100
	const percent = Math.floor((sentBytes / totalBytes) * 100)
	return Math.max(0, Math.min(percent, sentBytes >= totalBytes ? 100 : 99))
}

export type UploadDeps = {
	requestUrl: (input: { filename: string; contentType: AllowedContentType; size: number }) => Promise<UploadTarget>
	put: (input: { url: string; body: Blob; contentType: string; onProgress: (loaded: number) => void }) => Promise<void>
}

/**
 * Uploads the files one after another (each gets its own signed URL), reporting progress over all
 * of their bytes. Stops at the first failure and rethrows it; files finished before stay reported.
 */
export async function uploadFiles<F extends Blob & { name: string }>(
	jobs: readonly UploadJob<F>[],
	deps: UploadDeps,
	callbacks: { onProgress(progress: UploadProgress): void; onUploaded(file: UploadedFile): void },
): Promise<UploadedFile[]> {
	const total = jobs.reduce((sum, job) => sum + job.file.size, 0)
	const done: UploadedFile[] = []
	let finishedBytes = 0
	for (const [position, job] of jobs.entries()) {
		const report = (loaded: number) =>
			callbacks.onProgress({
				percent: progressPercent(finishedBytes + Math.min(loaded, job.file.size), total),
				index: position + 1,
				count: jobs.length,
				name: job.file.name,
			})
		report(0)
		const target = await deps.requestUrl({ filename: job.file.name, contentType: job.contentType, size: job.file.size })
		await deps.put({
			url: target.uploadUrl,
			body: job.file,
			contentType: job.contentType,
			onProgress: report,
		})
		report(job.file.size)
		finishedBytes += job.file.size
		const uploaded: UploadedFile = {
			key: target.key,
			name: job.file.name,
			size: job.file.size,
			contentType: job.contentType,
			publicUrl: target.publicUrl,
		}
		done.push(uploaded)
		callbacks.onUploaded(uploaded)
	}
	return done
}
