import type { StoredFlag } from './reader-settings.ts'

/** An on/off switch for one of the reader's remembered settings. */
export function SettingSwitch({ setting, label }: { setting: StoredFlag; label: string }) {
	const [on, setOn] = setting.use()
	return (
		<button
			type="button"
			role="switch"
			aria-checked={on}
			onClick={() => setOn(!on)}
			className="inline-flex items-center gap-2 rounded-md py-1 text-sm font-medium text-fg hover:text-accent"
		>
			<span
				aria-hidden="true"
				className={`relative inline-block h-5 w-9 shrink-0 rounded-full border transition-colors ${
					on ? 'border-accent bg-accent' : 'border-line bg-sunken'
				}`}
			>
				<span
					className={`absolute top-0.5 size-3.5 rounded-full transition-all ${on ? 'left-[1.125rem] bg-accent-fg' : 'left-0.5 bg-muted'}`}
				/>
			</span>
			{label}
		</button>
	)
}
