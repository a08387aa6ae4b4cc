/** The planner's small bordered buttons. */
export const buttonClass =
	'inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm font-medium hover:bg-raised disabled:opacity-50'
