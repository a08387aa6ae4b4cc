import type { ReactNode } from 'react'

// The markdown ordered list provides the steps; CSS counters number them. Each circle sits on the
// line that joins it to the next step (the last step has no line below it).
const LIST = '[&>ol]:my-0 [&>ol]:list-none [&>ol]:pl-4 [&>ol]:[counter-reset:step]'
const ITEM =
	'[&>ol>li]:relative [&>ol>li]:m-0 [&>ol>li]:border-l-2 [&>ol>li]:border-line [&>ol>li]:pb-5 [&>ol>li]:pl-8 [&>ol>li]:[counter-increment:step] [&>ol>li:last-child]:border-transparent [&>ol>li:last-child]:pb-0 [&>ol>li>p]:m-0 [&>ol>li>*+*]:mt-2'
const NUMBER =
	'[&>ol>li]:before:absolute [&>ol>li]:before:-top-0.5 [&>ol>li]:before:-left-[0.9rem] [&>ol>li]:before:flex [&>ol>li]:before:size-7 [&>ol>li]:before:items-center [&>ol>li]:before:justify-center [&>ol>li]:before:rounded-full [&>ol>li]:before:bg-accent [&>ol>li]:before:text-sm [&>ol>li]:before:font-bold [&>ol>li]:before:text-accent-fg [&>ol>li]:before:content-[counter(step)]'

/** Numbered steps joined by a line. */
export default function Steps({ children }: { children?: ReactNode }) {
	return <div className={`steps my-6 ${LIST} ${ITEM} ${NUMBER}`}>{children}</div>
}
