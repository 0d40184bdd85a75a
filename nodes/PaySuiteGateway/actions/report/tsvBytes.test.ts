import { TsvLineTooLongError } from '../../../shared/reports/reportTsv';
import { TsvBytes } from './tsvBytes';

/** The file pushed in chunks of `size` bytes, then ended. */
function read(text: string, size: number): { bytes: TsvBytes; body: string } {
	const bytes = new TsvBytes();
	const whole = Buffer.from(text, 'utf8');
	let body = '';
	for (let start = 0; start < whole.length; start += size) body += bytes.push(whole.subarray(start, start + size)).toString('utf8');
	bytes.end();
	return { bytes, body };
}

describe('TsvBytes', () => {
	it('keeps the header line and counts the body rows, whatever the chunk boundaries', () => {
		for (const size of [1, 2, 5, 64]) {
			const { bytes, body } = read('id\tamount\r\n1\t2\r\n\r\n3\t4\n', size);
			expect(bytes.header).toBe('id\tamount');
			expect(body).toBe('1\t2\r\n\r\n3\t4\n');
			expect(bytes.rows).toBe(2);
			expect(bytes.lastBodyByte).toBe(10);
		}
	});

	it('counts a last line without a line break, and takes a file without one as all header', () => {
		expect(read('id\n1\n2', 3).bytes.rows).toBe(2);
		const headerOnly = read('id\tamount', 4).bytes;
		expect(headerOnly.header).toBe('id\tamount');
		expect(headerOnly.rows).toBe(0);
		expect(headerOnly.bodyBytes).toBe(0);
	});

	it('refuses a header line over 1 MiB instead of holding it', () => {
		const bytes = new TsvBytes();
		expect(() => bytes.push(Buffer.alloc(1024 * 1024 + 1, 97))).toThrow(TsvLineTooLongError);
	});
});
