import { ByteChannel } from './byteChannel';

describe('ByteChannel', () => {
	it('gives what was written, in order, to an async reader', async () => {
		const channel = new ByteChannel();
		const read = (async () => {
			const chunks: string[] = [];
			for await (const chunk of channel) chunks.push(chunk.toString());
			return chunks;
		})();
		await channel.write(Buffer.from('a'));
		await channel.write(Buffer.from('b'));
		channel.end();
		expect(await read).toEqual(['a', 'b']);
	});

	it("emits data, end and close to a stream's listeners", async () => {
		const channel = new ByteChannel();
		const events: string[] = [];
		const closed = new Promise<void>((resolve) => channel.once('close', () => resolve()));
		channel.on('data', (chunk) => events.push(`data:${String(chunk)}`));
		channel.on('end', () => events.push('end'));
		await channel.write(Buffer.from('x'));
		channel.end();
		await closed;
		expect(events).toEqual(['data:x', 'end']);
	});

	it('makes the writer wait while more than the high-water mark is unread', async () => {
		const channel = new ByteChannel(2);
		let written = false;
		const writing = channel.write(Buffer.from('abc')).then(() => (written = true));
		// Many turns of the microtask queue (timers are off limits under nodes/): time for a write that would not wait.
		for (let turn = 0; turn < 50; turn++) await Promise.resolve();
		expect(written).toBe(false);
		const reader = channel[Symbol.asyncIterator]();
		expect((await reader.next()).value?.toString()).toBe('abc');
		await writing;
		expect(written).toBe(true);
	});

	it('fails the reader and the writer once destroyed', async () => {
		const channel = new ByteChannel();
		channel.destroy(new Error('stopped'));
		await expect(channel.write(Buffer.from('a'))).rejects.toThrow('stopped');
		await expect(channel[Symbol.asyncIterator]().next()).rejects.toThrow('stopped');
	});
});
