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

export function CopyUrlButton({ url, name, className = '' }: Props) {
	return (
		<button
			type="button"
			className={`${ui.small} ${className}`}
			aria-label={`Copy URL of ${name}`}
			onClick={async () => {
				if (await copyText(url)) void notify('success', 'URL copied to clipboard')
				else void notify('error', 'Could not copy the URL', url)
			}}
		>
			<IconCopy size={14} />
			Copy URL
		</button>
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
