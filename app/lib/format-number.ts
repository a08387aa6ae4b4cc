// Whole numbers are grouped by hand: the first Intl object of a page loads locale data, tens of
// milliseconds of a phone's main thread. Fractions (rare) still go through Intl, made on first use.
let numberFormat: Intl.NumberFormat | undefined

/** 1043785 → "1,043,785", the same on the server and in every browser. */
export function formatNumber(value: number): string {
	if (!Number.isSafeInteger(value)) return (numberFormat ??= new Intl.NumberFormat('en-US')).format(value)
	const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')
	return value < 0 ? `-${digits}` : digits
}
