import { useEffect, useState } from 'react'
import { IconMoon, IconSun } from './icons.tsx'

export type Theme = 'dark' | 'light'
const STORAGE_KEY = 'theme'

/**
 * Runs in <head> before the first paint, so a remembered light theme never flashes dark.
 * Dark is the default.
 */
export const themeScript = `(function(){var d=document.documentElement;try{var t=localStorage.getItem('${STORAGE_KEY}');d.dataset.theme=t==='light'?'light':'dark'}catch(e){d.dataset.theme='dark'}})()`

function currentTheme(): Theme {
	return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark'
}

export function ThemeToggle({ className = '' }: { className?: string }) {
	// The server cannot know the stored theme; the button settles right after hydration.
	const [theme, setTheme] = useState<Theme | undefined>(undefined)
	useEffect(() => setTheme(currentTheme()), [])

	function toggle() {
		const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark'
		document.documentElement.dataset.theme = next
		try {
			localStorage.setItem(STORAGE_KEY, next)
		} catch {
			// Private mode: the choice lasts for this page only.
		}
		setTheme(next)
	}

	const label = theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme'
	return (
		<button
			type="button"
			onClick={toggle}
			aria-label={label}
			title={label}
			className={`js-only inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg ${className}`}
		>
			{theme === 'light' ? <IconMoon /> : <IconSun />}
		</button>
	)
}
