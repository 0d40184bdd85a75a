/** Outbound deliveries: how the sandbox, like the platform, calls a merchant's URL. */
export interface Delivery {
	url: string;
	status: number;
	body: string;
	/** The answer's content-type header, when it had one. */
	contentType?: string;
	error?: string;
}

export async function deliver(url: string, payload: string, headers: Record<string, string> = {}): Promise<Delivery> {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: payload,
			signal: AbortSignal.timeout(30_000),
		});
		const contentType = response.headers.get('content-type');
		return { url, status: response.status, body: await response.text(), ...(contentType ? { contentType } : {}) };
	} catch (error) {
		return { url, status: 0, body: '', error: (error as Error).message };
	}
}
