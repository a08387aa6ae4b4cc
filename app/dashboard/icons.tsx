import { Icon, type IconProps } from '#app/components/icons.tsx'

export const IconLock = (p: IconProps) => (
	<Icon {...p}>
		<rect x="4" y="11" width="16" height="10" rx="2" />
		<path d="M8 11V7a4 4 0 0 1 8 0v4" />
	</Icon>
)
export const IconUpload = (p: IconProps) => (
	<Icon {...p}>
		<path d="M12 16V4M7 9l5-5 5 5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
	</Icon>
)
export const IconImages = (p: IconProps) => (
	<Icon {...p}>
		<rect x="3" y="3" width="18" height="18" rx="2" />
		<circle cx="9" cy="9" r="2" />
		<path d="m21 15-5-5L5 21" />
	</Icon>
)
export const IconFile = (p: IconProps) => (
	<Icon {...p}>
		<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
		<path d="M14 3v5h5M9 13h6M9 17h4" />
	</Icon>
)
export const IconCopy = (p: IconProps) => (
	<Icon {...p}>
		<rect x="9" y="9" width="12" height="12" rx="2" />
		<path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
	</Icon>
)
export const IconEye = (p: IconProps) => (
	<Icon {...p}>
		<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
		<circle cx="12" cy="12" r="3" />
	</Icon>
)
export const IconKey = (p: IconProps) => (
	<Icon {...p}>
		<circle cx="8" cy="15" r="4" />
		<path d="m10.8 12.2 9.2-9.2M17 6l3 3M14 9l2 2" />
	</Icon>
)
export const IconLogout = (p: IconProps) => (
	<Icon {...p}>
		<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
	</Icon>
)
export const IconArrowLeft = (p: IconProps) => (
	<Icon {...p}>
		<path d="M19 12H5M12 19l-7-7 7-7" />
	</Icon>
)
export const IconImageOff = (p: IconProps) => (
	<Icon {...p}>
		<path d="m2 2 20 20M10.4 4H19a2 2 0 0 1 2 2v8.6M21 19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5c0-.6.3-1.2.7-1.5" />
		<path d="m14 14-3-3-6 6" />
	</Icon>
)
export const IconAlert = (p: IconProps) => (
	<Icon {...p}>
		<path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
	</Icon>
)
export const IconSpinner = (p: IconProps) => (
	<Icon {...p} className={`animate-spin ${p.className ?? ''}`}>
		<path d="M21 12a9 9 0 1 1-6.2-8.6" />
	</Icon>
)
export const IconUsers = (p: IconProps) => (
	<Icon {...p}>
		<circle cx="9" cy="8" r="3.5" />
		<path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
	</Icon>
)
