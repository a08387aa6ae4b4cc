import type { ReactNode } from 'react'

/** Numbered steps joined by a line; the markdown ordered list provides the numbers. */
export default function Steps({ children }: { children?: ReactNode }) {
	return (
		<div className="steps my-6 [&>ol]:list-none [&>ol]:pl-0 [&>ol>li]:relative [&>ol>li]:border-l-2 [&>ol>li]:border-line [&>ol>li]:pb-4 [&>ol>li]:pl-8 [&>ol]:[counter-reset:step] [&>ol>li]:[counter-increment:step] [&>ol>li]:before:absolute [&>ol>li]:before:-left-[0.9rem] [&>ol>li]:before:top-0 [&>ol>li]:before:flex [&>ol>li]:before:size-7 [&>ol>li]:before:items-center [&>ol>li]:before:justify-center [&>ol>li]:before:rounded-full [&>ol>li]:before:bg-accent [&>ol>li]:before:text-sm [&>ol>li]:before:font-bold [&>ol>li]:before:text-accent-fg [&>ol>li]:before:content-[counter(step)]">
			{children}
		</div>
	)
}
