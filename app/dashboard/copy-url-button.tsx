import { notify } from '#app/components/toaster.tsx'
import { IconCopy, IconEye } from './icons.tsx'
import { ui } from './ui.ts'

async function copyText(text: string): Promise<boolean> {
	try {
		await navigator.clipboard.writeText(text)
		return true
	} catch {
		// No async clipboard (an http origin other than localhost) or permission refused: the old
		// way still works from a click.
		const area = document.createElement('textarea')
		area.value = text
		area.setAttribute('readonly', '')
		area.style.position = 'fixed'
		area.style.opacity = '0'
		document.body.append(area)
		area.select()
		const copied = document.execCommand('copy')
		area.remove()
		return copied
	}
}

type Props = { url: string; name: string; className?: string }

/**
 * What a guide links to: the path on this site (`/uploads/…`) for our own files, the whole URL
 * for files served from elsewhere (a bucket or CDN).
 */
function linkTarget(url: string, origin: string): string {
	try {
		const parsed = new URL(url, origin)
		return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : parsed.href
	} catch {
		return url
	}
}

/** A ready markdown snippet: an image for pictures (alt text from the name), a link for documents. */
function markdownSnippet(target: string, name: string, isImage: boolean): string {
	const label =
		name
			.replace(/\.[a-z0-9]+$/i, '')
			.replace(/[-_]+/g, ' ')
			.trim() || name
	return isImage ? `![${label}](${target})` : `[${label}](${target})`
}

async function copy(text: string, what: string) {
	if (await copyText(text)) void notify('success', `${what} copied to clipboard`, text)
	else void notify('error', `Could not copy the ${what.toLowerCase()}`, text)
}

/** "Copy path" and "Copy markdown": the two things an author pastes into a guide. */
export function CopyButtons({ url, name, isImage, className = '' }: Props & { isImage: boolean }) {
	const target = () => linkTarget(url, window.location.origin)
	return (
		<>
			<button
				type="button"
				className={`${ui.small} ${className}`}
				aria-label={`Copy the path of ${name}`}
				onClick={() => void copy(target(), 'Path')}
			>
				<IconCopy size={14} />
				Copy path
			</button>
			<button
				type="button"
				className={`${ui.small} ${className}`}
				aria-label={`Copy a markdown snippet for ${name}`}
				onClick={() => void copy(markdownSnippet(target(), name, isImage), 'Markdown')}
			>
				<IconCopy size={14} />
				Copy markdown
			</button>
		</>
	)
}

export function ViewLink({ url, name, className = '' }: Props) {
	return (
		<a
			href={url}
			target="_blank"
			rel="noopener noreferrer"
			className={`${ui.small} ${className}`}
			aria-label={`View ${name} (opens in a new tab)`}
		>
			<IconEye size={14} />
			View
		</a>
	)
}
