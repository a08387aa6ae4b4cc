// Shared class lists of the dashboard's buttons and panels (theme colours only, both themes).
const button =
	'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-60'

export const ui = {
	primary: `${button} bg-accent text-accent-fg hover:opacity-90`,
	secondary: `${button} border border-line bg-raised text-fg hover:border-accent hover:text-accent`,
	ghost: `${button} text-muted hover:bg-raised hover:text-fg`,
	small:
		'inline-flex items-center justify-center gap-1.5 rounded-md border border-line bg-bg px-2.5 py-1.5 text-xs font-semibold text-fg transition hover:border-accent hover:text-accent',
	panel: 'rounded-xl border border-line bg-raised',
	input: 'w-full rounded-md border border-line bg-sunken px-3 py-2 text-fg placeholder:text-muted focus:border-accent focus:outline-none',
} as const
