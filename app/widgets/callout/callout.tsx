import type { ReactNode } from 'react'
import type { CalloutProps } from './callout.schema.ts'

const STYLES = {
	tip: {
		label: 'Tip',
		className: 'border-ok/60 bg-ok-bg/60',
		title: 'text-ok',
		icon: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z',
	},
	warning: {
		label: 'Warning',
		className: 'border-warn/60 bg-warn/10',
		title: 'text-warn',
		icon: 'M12 4 2.5 20h19zM12 10v4.5M12 17.2v.1',
	},
	note: {
		label: 'Note',
		className: 'border-line bg-raised',
		title: 'text-fg',
		icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5.5M12 7.8v.1',
	},
}

/** A tip, warning or note set apart from the text. */
export default function Callout({ variant, title, children }: CalloutProps & { children?: ReactNode }) {
	const style = STYLES[variant]
	return (
		// A note, not a landmark: a page may hold several callouts with the same title.
		<div role="note" aria-label={title ?? style.label} className={`not-prose my-6 rounded-lg border-l-4 px-4 py-3 ${style.className}`}>
			<p className={`flex items-center gap-2 font-semibold ${style.title}`}>
				<svg
					viewBox="0 0 24 24"
					width="18"
					height="18"
					fill="none"
					stroke="currentColor"
					strokeWidth="2"
					strokeLinecap="round"
					strokeLinejoin="round"
					aria-hidden="true"
					className="shrink-0"
				>
					<path d={style.icon} />
				</svg>
				{title ?? style.label}
			</p>
			<div className="prose mt-1 [&>*+*]:mt-2">{children}</div>
		</div>
	)
}
