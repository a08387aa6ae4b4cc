import type { ReactNode } from 'react'
import type { CalloutProps } from './callout.schema.ts'

const STYLES = {
	tip: { label: 'Tip', className: 'border-ok/60 bg-ok-bg/60', title: 'text-ok' },
	warning: { label: 'Warning', className: 'border-warn/60 bg-warn/10', title: 'text-warn' },
	note: { label: 'Note', className: 'border-line bg-raised', title: 'text-fg' },
}

export default function Callout({ variant, title, children }: CalloutProps & { children?: ReactNode }) {
	const style = STYLES[variant]
	return (
		<aside aria-label={title ?? style.label} className={`not-prose my-6 rounded-lg border-l-4 px-4 py-3 ${style.className}`}>
			<p className={`font-semibold ${style.title}`}>{title ?? style.label}</p>
			<div className="prose mt-1 [&>*+*]:mt-2">{children}</div>
		</aside>
	)
}
