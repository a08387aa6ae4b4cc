import { useEffect, useId, useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { browserKeyStore, readApiKey, saveApiKey } from './api-key.ts'
import { IconKey } from './icons.tsx'
import { ui } from './ui.ts'

/** The author's API key, kept in this browser's localStorage for the upload page. */
export function ApiKeyForm() {
	const id = useId()
	const [value, setValue] = useState('')
	const [saved, setSaved] = useState(false)
	const [visible, setVisible] = useState(false)

	useEffect(() => {
		// localStorage exists only after hydration; the server renders an empty field.
		const key = readApiKey(browserKeyStore())
		if (key) {
			setValue(key)
			setSaved(true)
		}
	}, [])

	return (
		<section id="api-key" className={`${ui.panel} scroll-mt-20 p-5 sm:p-6`} aria-labelledby={`${id}-title`}>
			<div className="flex items-center gap-2">
				<span className="text-accent">
					<IconKey size={20} />
				</span>
				<h2 id={`${id}-title`} className="text-lg font-bold">
					API Key
				</h2>
				{saved ? (
					<span className="ml-auto rounded-full bg-ok-bg px-2.5 py-0.5 text-xs font-semibold text-ok">Saved in this browser</span>
				) : null}
			</div>
			<p className="mt-1 text-sm text-muted">Uploads are signed with your API key. It is stored only in this browser.</p>
			<form
				className="mt-4 flex flex-col gap-2 sm:flex-row"
				onSubmit={(event) => {
					event.preventDefault()
					const store = browserKeyStore()
					if (!store) {
						void notify('error', 'This browser blocks local storage', 'Allow site data to save the key.')
						return
					}
					const result = saveApiKey(value, store)
					if (!result.ok) {
						void notify('error', result.error)
						return
					}
					setValue(result.key)
					setSaved(true)
					void notify('success', 'API key saved successfully!')
				}}
			>
				<label htmlFor={`${id}-key`} className="sr-only">
					API Key
				</label>
				<div className="relative flex-1">
					<input
						id={`${id}-key`}
						name="apiKey"
						type={visible ? 'text' : 'password'}
						autoComplete="off"
						spellCheck={false}
						placeholder="Paste your API key"
						value={value}
						onChange={(event) => {
							setValue(event.target.value)
							setSaved(false)
						}}
						className={`${ui.input} pr-16 font-mono text-sm`}
					/>
					<button
						type="button"
						className="absolute inset-y-0 right-0 px-3 text-xs font-semibold text-muted hover:text-fg"
						aria-pressed={visible}
						onClick={() => setVisible((v) => !v)}
					>
						{visible ? 'Hide' : 'Show'}
					</button>
				</div>
				<button type="submit" className={ui.primary}>
					Save Key
				</button>
			</form>
		</section>
	)
}
