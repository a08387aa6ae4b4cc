/**
 * The images API in the browser (TanStack Query, `#app/lib/query-client.ts`): the gallery's list,
 * deleting a file, and uploads. Components call `useQuery`/`useMutation` with these options.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { apiErrorMessage, galleryFailure, galleryFromResponse, galleryQuery, type GalleryData } from '#app/dashboard/gallery-data.ts'
import type { AllowedContentType } from '#app/dashboard/file-types.ts'
import { imagesApi } from '#app/dashboard/paths.ts'
import { putFile, requestUploadUrl, uploadFiles, type UploadedFile, type UploadProgress } from '#app/dashboard/upload-client.ts'

/**
 * One gallery page from the images API, in the browser (the httpOnly session cookie authorises
 * it). A failure is data, not an error: the gallery shows its own error state, and a 401 (the
 * session ran out) is the caller's to turn into the login redirect.
 */
export function galleryListQuery(page: number, filter: string) {
	return queryOptions({
		queryKey: ['images', 'view', page, filter],
		queryFn: async ({ signal }): Promise<GalleryData> => {
			let response: Response
			try {
				response = await fetch(imagesApi.view(galleryQuery(page, undefined, filter)), { signal, headers: { accept: 'application/json' } })
			} catch (error) {
				if (signal.aborted) throw error
				return galleryFailure(page, 0, null, 'Network Error')
			}
			return galleryFromResponse(response, page)
		},
		// Always asked again: page changes and 'Try Again' show the list as it is now.
		staleTime: 0,
		gcTime: 0,
		retry: false,
	})
}

/**
 * Deletes one stored file (the session cookie authorises it). A refusal throws the API's message
 * (or the status); a request that got no answer throws a message saying so.
 */
export function deleteImageMutation() {
	return mutationOptions({
		mutationKey: ['images', 'delete'],
		mutationFn: async (key: string): Promise<void> => {
			let response: Response
			try {
				response = await fetch(imagesApi.file(key), { method: 'DELETE' })
			} catch {
				throw new Error('The server did not answer. Try again.')
			}
			if (response.ok) return
			const body: unknown = await response.json().catch(() => null)
			throw new Error(apiErrorMessage(body) ?? `${response.status} ${response.statusText}`)
		},
	})
}

export type UploadRequest = {
	files: ReadonlyArray<{ file: File; contentType: AllowedContentType }>
	/** The author's API key: each file's signed upload URL is asked for with it. */
	apiKey: string
	onProgress(progress: UploadProgress): void
	onUploaded(file: UploadedFile): void
}

/** Uploads files one after another: a signed URL from the API for each, then its bytes (with progress). */
export function uploadImagesMutation() {
	return mutationOptions({
		mutationKey: ['images', 'upload'],
		mutationFn: ({ files, apiKey, onProgress, onUploaded }: UploadRequest) =>
			uploadFiles(
				files,
				{ requestUrl: (file) => requestUploadUrl({ apiKey, ...file }), put: (request) => putFile(request) },
				{ onProgress, onUploaded },
			),
	})
}
