type Listener = (...args: unknown[]) => void;

/**
 * Bytes for n8n's binary data, a little at a time (the package may not import node's `stream`): an async iterable for
 * filesystem mode (fs.promises.writeFile) and the events (`data`, `end`, `error`, `close`) memory mode reads a stream
 * by. The writer waits while more than `highWaterMark` bytes are unread.
 */
export class ByteChannel implements AsyncIterable<Buffer> {
	private readonly queue: Buffer[] = [];
	private queued = 0;
	private ended = false;
	private failure?: Error;
	private wake?: () => void;
	private room?: () => void;
	private pumping = false;
	private readonly listeners = new Map<string, Listener[]>();

	constructor(private readonly highWaterMark = 1024 * 1024) {}

	async write(chunk: Buffer): Promise<void> {
		if (this.failure) throw this.failure;
		this.queue.push(chunk);
		this.queued += chunk.length;
		this.wake?.();
		while (this.queued > this.highWaterMark && !this.failure) await new Promise<void>((resolve) => (this.room = resolve));
		if (this.failure) throw this.failure;
	}

	end(): void {
		this.ended = true;
		this.wake?.();
	}

	destroy(error?: Error): void {
		this.failure ??= error ?? new Error('The file was stopped');
		this.wake?.();
		this.room?.();
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
		for (;;) {
			const chunk = this.queue.shift();
			if (chunk) {
				this.queued -= chunk.length;
				if (this.queued <= this.highWaterMark) this.room?.();
				yield chunk;
				continue;
			}
			if (this.failure) throw this.failure;
			if (this.ended) return;
			await new Promise<void>((resolve) => (this.wake = resolve));
		}
	}

	on(event: string, listener: Listener): this {
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
		if (event === 'data' && !this.pumping) {
			this.pumping = true;
			void this.pump();
		}
		return this;
	}

	once(event: string, listener: Listener): this {
		const once: Listener = (...args) => {
			this.off(event, once);
			listener(...args);
		};
		return this.on(event, once);
	}

	off(event: string, listener: Listener): this {
		this.listeners.set(event, (this.listeners.get(event) ?? []).filter((known) => known !== listener));
		return this;
	}

	removeListener(event: string, listener: Listener): this {
		return this.off(event, listener);
	}

	private emit(event: string, ...args: unknown[]): void {
		for (const listener of this.listeners.get(event) ?? []) listener(...args);
	}

	private async pump(): Promise<void> {
		try {
			for await (const chunk of this) this.emit('data', chunk);
			this.emit('end');
		} catch (error) {
			this.emit('error', error);
		}
		this.emit('close');
	}
}
