import { Icon, type IconProps } from '#app/components/icons.tsx'

// The player widgets' own icons, kept apart so the widget chunks do not grow the shared icon set.
export const IconCheck = (p: IconProps) => (
	<Icon {...p}>
		<path d="m5 12.5 4.5 4.5L19 7.5" />
	</Icon>
)
export const IconCross = (p: IconProps) => (
	<Icon {...p}>
		<path d="M6 6l12 12M18 6 6 18" />
	</Icon>
)
export const IconUser = (p: IconProps) => (
	<Icon {...p}>
		<circle cx="12" cy="8" r="4" />
		<path d="M4 21a8 8 0 0 1 16 0" />
	</Icon>
)
export const IconSpinner = (p: IconProps) => (
	<Icon {...p} className={`animate-spin ${p.className ?? ''}`}>
		<path d="M21 12a9 9 0 1 1-6.2-8.56" />
	</Icon>
)
export const IconExternalSmall = (p: IconProps) => (
	<Icon size={14} {...p}>
		<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
	</Icon>
)
