// Made on first use, not when a module loads: the first Intl object of a page loads locale data,
// which belongs in the (interruptible) hydration render rather than in a script's own long task.
let numberFormat: Intl.NumberFormat | undefined

/** 1043785 → "1,043,785", the same on the server and in every browser. */
export function formatNumber(value: number): string {
	return (numberFormat ??= new Intl.NumberFormat('en-US')).format(value)
}
