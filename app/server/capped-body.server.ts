/**
 * An upstream answer's body, read up to `maxBytes`: null past it (declared or sent), and the rest is
 * not read. Every client of another service reads bodies through it, so none can be made to hold
 * an endless answer in memory.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<Uint8Array | null> {
	if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
		await response.body?.cancel()
		return null
	}
	if (!response.body) return new Uint8Array()
	const reader = response.body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return Buffer.concat(chunks)
		total += value.byteLength
		if (total > maxBytes) {
			await reader.cancel()
			return null
		}
		chunks.push(value)
	}
}
