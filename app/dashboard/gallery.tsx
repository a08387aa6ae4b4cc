import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { queryClient } from '#app/lib/query-client.ts'
import { Form, Link, useNavigation, useRevalidator } from 'react-router'
import { notify } from '#app/components/toaster.tsx'
import { formatBytes, formatModified } from './format.ts'
import { type GalleryData, type GalleryItem, galleryHref, MAX_GALLERY_FILTER } from './gallery-data.ts'
import { showingRange } from './pagination.ts'
import { Pagination } from '#app/components/pagination.tsx'
import { GALLERY_PATH, UPLOAD_PATH } from './paths.ts'
import { deleteImageMutation } from './images-api.ts'
import { CopyButtons, ViewLink } from './copy-url-button.tsx'
import { DashboardPageHeader } from './page-header.tsx'
import { IconAlert, IconFile, IconImageOff, IconImages, IconSpinner, IconUpload } from './icons.tsx'
import { ui } from './ui.ts'

function fetchErrorMessage(data: Extract<GalleryData, { ok: false }>): string {
	return `Failed to fetch images: ${data.status} ${data.statusText}`.trim()
}

export function Gallery({ data, filter = '' }: { data: GalleryData; filter?: string }) {
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === GALLERY_PATH

	useEffect(() => {
		if (!data.ok) void notify('error', fetchErrorMessage(data))
	}, [data])

	return (
		<div className="space-y-6">
			<DashboardPageHeader
				title="Image Gallery"
				text={data.ok ? showingText(data, filter) : 'Every file uploaded for the guides.'}
				links={
					<Link to={UPLOAD_PATH} className={ui.primary}>
						<IconUpload size={16} />
						Upload Files
					</Link>
				}
			/>

			<FilterForm filter={filter} />

			{!data.ok ? (
				<GalleryError data={data} />
			) : (data.total === 0 || data.items.length === 0) && filter ? (
				<NoMatch filter={filter} />
			) : data.total === 0 || data.items.length === 0 ? (
				<EmptyGallery />
			) : (
				<>
					<div className="relative" aria-busy={loading}>
						<ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
							{data.items.map((item) => (
								<GalleryCard key={item.key} item={item} />
							))}
						</ul>
						{loading ? (
							<div className="absolute inset-0 z-10 flex items-start justify-center rounded-xl bg-bg/70 pt-24 backdrop-blur-[1px]">
								<p
									role="status"
									className="flex items-center gap-2 rounded-full border border-line bg-raised px-4 py-2 text-sm font-semibold shadow-lg"
								>
									<IconSpinner size={16} />
									Loading more images...
								</p>
							</div>
						) : null}
					</div>
					<GalleryPages page={data.page} totalPages={data.totalPages} total={data.total} filter={filter} />
				</>
			)}
		</div>
	)
}

function showingText(data: Extract<GalleryData, { ok: true }>, filter: string) {
	if (data.total === 0) return filter ? `No file name holds “${filter}”.` : 'Nothing uploaded yet.'
	const { from, to } = showingRange(data.page, data.pageSize, data.items.length, data.total)
	const matching = filter ? ` matching “${filter}”` : ''
	return `Showing ${from} - ${to} of ${data.total} ${data.total === 1 ? 'image' : 'images'}${matching}`
}

/** The file-name filter: a plain GET form (`?q=`), so it works before and without JavaScript. */
function FilterForm({ filter }: { filter: string }) {
	return (
		<Form method="get" action={GALLERY_PATH} role="search" className="flex flex-wrap items-end gap-2" data-gallery-filter="">
			<div className="min-w-0 flex-1">
				<label htmlFor="gallery-filter" className="block text-sm font-medium">
					Filter by file name
				</label>
				<input
					id="gallery-filter"
					key={filter}
					type="search"
					name="q"
					defaultValue={filter}
					maxLength={MAX_GALLERY_FILTER}
					placeholder="e.g. minimap"
					className={`${ui.input} mt-1.5`}
				/>
			</div>
			<button type="submit" className={ui.secondary}>
				Filter
			</button>
			{filter ? (
				<Link to={GALLERY_PATH} className={ui.ghost}>
					Show all
				</Link>
			) : null}
		</Form>
	)
}

function NoMatch({ filter }: { filter: string }) {
	return (
		<StatePanel
			id="gallery-no-match-title"
			icon={<IconImages size={26} />}
			iconClassName="bg-sunken text-accent"
			title="No file matches"
			message={`No uploaded file has “${filter}” in its name.`}
		>
			<Link to={GALLERY_PATH} className={`${ui.secondary} mt-6`}>
				Show every file
			</Link>
		</StatePanel>
	)
}

/** A whole-panel message (error or empty gallery): an icon, a title, a line and one action. */
function StatePanel({
	id,
	icon,
	iconClassName,
	title,
	message,
	children,
}: {
	id: string
	icon: ReactNode
	iconClassName: string
	title: string
	message: ReactNode
	children: ReactNode
}) {
	return (
		<section className={`${ui.panel} flex flex-col items-center px-6 py-14 text-center`} aria-labelledby={id}>
			<span className={`flex size-14 items-center justify-center rounded-full ${iconClassName}`}>{icon}</span>
			<h2 id={id} className="mt-4 text-xl font-bold">
				{title}
			</h2>
			<p className="mt-1 max-w-md text-muted">{message}</p>
			{children}
		</section>
	)
}

function GalleryError({ data }: { data: Extract<GalleryData, { ok: false }> }) {
	const revalidator = useRevalidator()
	const retrying = revalidator.state === 'loading'
	return (
		<StatePanel
			id="gallery-error-title"
			icon={<IconAlert size={26} />}
			iconClassName="bg-bad-bg text-bad"
			title="Failed to load images"
			message={data.message ?? fetchErrorMessage(data)}
		>
			<button type="button" className={`${ui.primary} mt-6`} disabled={retrying} onClick={() => void revalidator.revalidate()}>
				{retrying ? <IconSpinner size={16} /> : null}
				Try Again
			</button>
		</StatePanel>
	)
}

function EmptyGallery() {
	return (
		<StatePanel
			id="gallery-empty-title"
			icon={<IconImages size={26} />}
			iconClassName="bg-sunken text-accent"
			title="No images found"
			message="Upload some images to get started"
		>
			<Link to={UPLOAD_PATH} className={`${ui.primary} mt-6`}>
				<IconUpload size={16} />
				Go to Upload Center
			</Link>
		</StatePanel>
	)
}

function GalleryCard({ item }: { item: GalleryItem }) {
	return (
		<li className={`${ui.panel} flex flex-col overflow-hidden`}>
			<div className="relative aspect-[4/3] overflow-hidden bg-sunken">
				{item.isImage ? <Preview item={item} /> : <FileTile label={item.typeLabel} />}
			</div>
			<div className="flex flex-1 flex-col gap-1 p-3">
				<p className="truncate font-medium" title={item.name}>
					{item.name}
				</p>
				<p className="text-xs text-muted">
					<span>{formatBytes(item.size)}</span>
					<span aria-hidden="true"> · </span>
					<time dateTime={item.lastModified}>{formatModified(item.lastModified)}</time>
				</p>
				<div className="mt-auto flex flex-wrap gap-2 pt-2">
					<ViewLink url={item.url} name={item.name} className="flex-1" />
					<CopyButtons url={item.url} name={item.name} isImage={item.isImage} className="flex-1" />
				</div>
				<DeleteButton item={item} />
			</div>
		</li>
	)
}

/**
 * Delete, with a second step to confirm. The image API's DELETE takes the dashboard session; the
 * gallery reloads its page afterwards.
 */
function DeleteButton({ item }: { item: GalleryItem }) {
	const [confirming, setConfirming] = useState(false)
	const [busy, setBusy] = useState(false)
	const revalidator = useRevalidator()
	const confirmRef = useRef<HTMLButtonElement>(null)
	useEffect(() => {
		if (confirming) confirmRef.current?.focus()
	}, [confirming])

	const deletion = useMutation(deleteImageMutation(), queryClient())

	async function remove() {
		setBusy(true)
		try {
			await deletion.mutateAsync(item.key)
			void notify('success', `Deleted ${item.name}`)
			await revalidator.revalidate()
		} catch (error) {
			void notify('error', `Could not delete ${item.name}`, error instanceof Error ? error.message : String(error))
		} finally {
			setBusy(false)
			setConfirming(false)
		}
	}

	if (!confirming) {
		return (
			<button
				type="button"
				className={`${ui.small} js-only mt-1 text-bad`}
				aria-label={`Delete ${item.name}`}
				onClick={() => setConfirming(true)}
			>
				Delete
			</button>
		)
	}
	return (
		<div
			role="group"
			aria-label={`Delete ${item.name}?`}
			className="mt-1 rounded-md border border-bad/50 bg-bad-bg p-2 text-sm"
			data-confirm-delete=""
		>
			<p className="font-medium">Delete {item.name} for good? Guides that use it will show a broken image.</p>
			<div className="mt-2 flex gap-2">
				<button ref={confirmRef} type="button" className={`${ui.small} border-bad text-bad`} disabled={busy} onClick={() => void remove()}>
					{busy ? <IconSpinner size={14} /> : null}
					Yes, delete
				</button>
				<button type="button" className={ui.small} disabled={busy} onClick={() => setConfirming(false)}>
					Cancel
				</button>
			</div>
		</div>
	)
}

function Preview({ item }: { item: GalleryItem }) {
	const [broken, setBroken] = useState(false)
	const image = useRef<HTMLImageElement>(null)
	useEffect(() => {
		// An image that failed before hydration fired its error event before React listened.
		const element = image.current
		if (element?.complete && element.naturalWidth === 0) setBroken(true)
	}, [])
	if (broken) {
		return (
			<div className="flex size-full flex-col items-center justify-center gap-2 text-muted" data-testid="image-placeholder">
				<IconImageOff size={32} />
				<span className="text-xs font-medium">Preview unavailable</span>
			</div>
		)
	}
	return (
		<img
			ref={image}
			src={item.url}
			alt={item.name}
			loading="lazy"
			decoding="async"
			onError={() => setBroken(true)}
			className="absolute inset-0 size-full object-contain p-2"
		/>
	)
}

function FileTile({ label }: { label: string }) {
	return (
		<div className="flex size-full flex-col items-center justify-center gap-2 text-muted" data-testid="file-tile">
			<IconFile size={36} />
			<span className="rounded bg-raised px-2 py-0.5 text-xs font-bold tracking-wider text-fg">{label}</span>
		</div>
	)
}

function GalleryPages({ page, totalPages, total, filter }: { page: number; totalPages: number; total: number; filter: string }) {
	return (
		<footer className="flex flex-col items-center gap-3">
			<Pagination page={page} totalPages={totalPages} href={(n) => galleryHref(GALLERY_PATH, n, filter)} label="Gallery pages" />
			<p className="text-sm text-muted">
				Page {page} of {totalPages} ({total} total images)
			</p>
		</footer>
	)
}
