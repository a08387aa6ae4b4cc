const STATUS_TEXT: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	408: 'Request Timeout',
	413: 'Payload Too Large',
	415: 'Unsupported Media Type',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
}

/**
 * The reason phrase for a status: the one the response carried, else the standard one. HTTP/2
 * has no reason phrases (`statusText` is empty), and `Response.json()` never sets one.
 */
export function statusText(status: number, given?: string | null): string {
	const text = given?.trim()
	if (text) return text
	return STATUS_TEXT[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Error' : '')
}

/** `500 Internal Server Error`. */
export function describeStatus(status: number, given?: string | null): string {
	return `${status} ${statusText(status, given)}`.trim()
}
