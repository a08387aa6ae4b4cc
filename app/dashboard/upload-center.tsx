import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { queryClient } from '#app/lib/query-client.ts'
import { Link } from 'react-router'
import { notify } from '#app/components/toaster.tsx'
import { browserKeyStore, readApiKey } from './api-key.ts'
import { formatBytes } from './format.ts'
import { DASHBOARD_PATH, GALLERY_PATH } from './paths.ts'
import type { UploadedFile, UploadProgress } from './upload-client.ts'
import { uploadImagesMutation } from './images-api.ts'
import { ACCEPTED_TYPES_TEXT, sortUploadFiles } from './upload-validation.ts'
import { ACCEPT_ATTRIBUTE, FILE_TYPES, isImageType } from './file-types.ts'
import { CopyButtons, ViewLink } from './copy-url-button.tsx'
import { DashboardPageHeader } from './page-header.tsx'
import { IconFile, IconImages, IconSpinner, IconUpload } from './icons.tsx'
import { ui } from './ui.ts'

const NO_KEY_MESSAGE = 'API key not found. Please configure your API key in the dashboard.'

export function UploadCenter({ maxUploadBytes }: { maxUploadBytes: number | null }) {
	const inputId = useId()
	const input = useRef<HTMLInputElement>(null)
	const [dragging, setDragging] = useState(false)
	const [uploading, setUploading] = useState(false)
	const [progress, setProgress] = useState<UploadProgress | null>(null)
	const [uploaded, setUploaded] = useState<UploadedFile[]>([])
	// Known after hydration: the key lives in this browser's storage.
	const [hasKey, setHasKey] = useState<boolean | undefined>(undefined)
	// Until the page's scripts run, a chosen file would go nowhere: the picker waits, and says so.
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => {
		setHasKey(readApiKey(browserKeyStore()) !== null)
		setHydrated(true)
	}, [])
	const pickerDisabled = uploading || !hydrated
	const uploads = useMutation(uploadImagesMutation(), queryClient())

	async function upload(files: File[]) {
		if (uploading || files.length === 0) return
		const apiKey = readApiKey(browserKeyStore())
		if (!apiKey) {
			void notify('error', 'Upload failed', NO_KEY_MESSAGE)
			return
		}
		const { accepted, rejected } = sortUploadFiles(files, { maxBytes: maxUploadBytes })
		if (rejected.length > 0) {
			const more = rejected.length > 1 ? ` (and ${rejected.length - 1} more)` : ''
			void notify('error', accepted.length > 0 ? 'Some files were skipped' : 'Nothing to upload', `${rejected[0]?.error}${more}`)
		}
		if (accepted.length === 0) return

		setUploading(true)
		setProgress({ percent: 0, index: 1, count: accepted.length, name: accepted[0]!.file.name })
		try {
			const done = await uploads.mutateAsync({
				files: accepted,
				apiKey,
				onProgress: setProgress,
				onUploaded: (file) => setUploaded((list) => [...list, file]),
			})
			void notify('success', 'All files uploaded successfully!', `Uploaded ${done.length} file(s)`)
		} catch (error) {
			void notify('error', 'Upload failed', error instanceof Error ? error.message : 'Unknown error occurred')
		} finally {
			setUploading(false)
			if (input.current) input.current.value = ''
		}
	}

	const stop = (event: React.DragEvent) => {
		event.preventDefault()
		event.stopPropagation()
	}

	return (
		<div className="space-y-6">
			<DashboardPageHeader
				title="Upload Center"
				text="Add screenshots, maps and documents for the guides."
				links={
					<Link to={GALLERY_PATH} className={ui.secondary}>
						<IconImages size={16} />
						View Gallery
					</Link>
				}
			/>

			{hasKey === false ? (
				<div role="alert" className={`${ui.panel} border-warn/60 p-4 text-sm`} data-no-api-key="">
					<p className="font-semibold text-warn">No API key is saved in this browser</p>
					<p className="mt-1 text-muted">
						Uploads are signed with your API key, so they would fail now.{' '}
						<Link to={`${DASHBOARD_PATH}#api-key`} className="font-medium text-link underline underline-offset-2">
							Save your API key on the dashboard
						</Link>{' '}
						first, then come back.
					</p>
				</div>
			) : null}

			<div
				data-testid="drop-zone"
				data-dragging={dragging || undefined}
				aria-disabled={uploading || undefined}
				onDragEnter={(event) => {
					stop(event)
					if (!uploading) setDragging(true)
				}}
				onDragOver={(event) => {
					stop(event)
					event.dataTransfer.dropEffect = uploading ? 'none' : 'copy'
					if (!uploading) setDragging(true)
				}}
				onDragLeave={(event) => {
					stop(event)
					// Leaving for a child element is not leaving the zone.
					if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
				}}
				onDrop={(event) => {
					stop(event)
					setDragging(false)
					if (!uploading) void upload([...event.dataTransfer.files])
				}}
				className={`flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-12 text-center transition ${
					dragging ? 'border-accent bg-accent/10' : 'border-line bg-raised'
				} ${uploading ? 'cursor-progress opacity-70' : ''}`}
			>
				<span
					className={`flex size-14 items-center justify-center rounded-full ${dragging ? 'bg-accent text-accent-fg' : 'bg-sunken text-accent'}`}
				>
					{uploading ? <IconSpinner size={26} /> : <IconUpload size={26} />}
				</span>
				<p className="mt-4 text-lg font-semibold">
					{uploading ? 'Uploading…' : dragging ? 'Drop the files to upload' : 'Drag and drop files here'}
				</p>
				<p className="mt-1 text-sm text-muted">or</p>
				<input
					ref={input}
					id={inputId}
					type="file"
					multiple
					accept={ACCEPT_ATTRIBUTE}
					disabled={pickerDisabled}
					className="sr-only"
					onChange={(event) => void upload([...(event.currentTarget.files ?? [])])}
				/>
				<button type="button" className={`${ui.primary} mt-3`} disabled={pickerDisabled} onClick={() => input.current?.click()}>
					{hydrated ? 'Choose Files' : 'Loading…'}
				</button>
				<p className="mt-4 text-xs text-muted">
					Images ({imageLabels()}), PDF, DOC, DOCX and TXT ·{' '}
					{maxUploadBytes ? `Up to ${formatBytes(maxUploadBytes)} per file` : 'No file size limit'}
				</p>
				<p className="sr-only">Accepted: {ACCEPTED_TYPES_TEXT}.</p>
			</div>

			{progress ? <ProgressBar progress={progress} uploading={uploading} /> : null}

			{uploaded.length > 0 ? <UploadedList files={uploaded} /> : null}
		</div>
	)
}

function imageLabels() {
	return Object.values(FILE_TYPES)
		.filter((type) => type.image)
		.map((type) => type.label)
		.join(', ')
}

function ProgressBar({ progress, uploading }: { progress: UploadProgress; uploading: boolean }) {
	return (
		<section className={`${ui.panel} p-4`} aria-label="Upload progress">
			<div className="flex items-baseline justify-between gap-4 text-sm">
				<p className="min-w-0 truncate text-muted">
					{uploading
						? `Uploading ${progress.name} (${progress.index} of ${progress.count})`
						: progress.percent === 100
							? 'Upload complete'
							: 'Upload stopped'}
				</p>
				<p className="shrink-0 font-semibold tabular-nums" aria-live="polite">
					{progress.percent}% uploaded
				</p>
			</div>
			<div
				role="progressbar"
				aria-label="Upload progress"
				aria-valuemin={0}
				aria-valuemax={100}
				aria-valuenow={progress.percent}
				className="mt-2 h-2.5 overflow-hidden rounded-full bg-sunken"
			>
				<div
					className={`h-full rounded-full transition-[width] duration-200 ${progress.percent === 100 ? 'bg-ok' : 'bg-accent'}`}
					style={{ width: `${progress.percent}%` }}
				/>
			</div>
		</section>
	)
}

function UploadedList({ files }: { files: UploadedFile[] }) {
	return (
		<section className={ui.panel} aria-labelledby="uploaded-title">
			<h2 id="uploaded-title" className="border-b border-line px-4 py-3 font-bold">
				Uploaded Files ({files.length})
			</h2>
			<ul className="divide-y divide-line">
				{files.map((file) => (
					<li key={file.key} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
						<span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-sunken text-muted">
							{isImageType(file.contentType) ? (
								<img src={file.publicUrl} alt="" className="size-full object-cover" />
							) : (
								<IconFile size={20} />
							)}
						</span>
						<span className="min-w-0 flex-1">
							<span className="block truncate font-medium">{file.name}</span>
							<span className="block text-xs text-muted">
								{FILE_TYPES[file.contentType].label} · {formatBytes(file.size)}
							</span>
						</span>
						<span className="flex w-full justify-end gap-2 sm:w-auto">
							<CopyButtons url={file.publicUrl} name={file.name} isImage={isImageType(file.contentType)} />
							<ViewLink url={file.publicUrl} name={file.name} />
						</span>
					</li>
				))}
			</ul>
		</section>
	)
}
