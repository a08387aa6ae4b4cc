import { queryOptions } from '@tanstack/react-query'
import { galleryFailure, galleryFromResponse, galleryQuery, type GalleryData } from '#app/dashboard/gallery-data.ts'
import { imagesApi } from '#app/dashboard/paths.ts'

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
