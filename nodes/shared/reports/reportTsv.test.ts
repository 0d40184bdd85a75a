import { convertCell, parseTsvChunks, parseTsvStream, rowOf, sliceBuffer } from '../../../test/helpers/reportTsv';
import { columnPlan, converterFor, TsvLineTooLongError, TsvReportParser } from './reportTsv';

const HEADER = 'id\tdate\treference\tamount\tinternal_reference\tstatus\treason\tauthorization\trefunded\tlast_digits\tpayer_first_name';
const ROWS = [
	'1\t2025-01-31T10:00:00+00:00\tORDER-1\t120.50\t500001\tAPPROVED\t00\t000123\tfalse\t1111\tJosé',
	'2\t2025-01-31T11:00:00+00:00\tORDER-2\t7\t500002\tREJECTED\t05\t\ttrue\t0004\tZoë',
];
const FILE = `${HEADER}\n${ROWS.join('\n')}\n`;

describe('report TSV parser: rows and cells', () => {
	it('turns the header into keys and each line into one row; numbers in numeric columns only', () => {
		const rows = [...parseTsvChunks([FILE])];
		expect(rows).toEqual([
			{
				id: 1,
				date: '2025-01-31T10:00:00+00:00',
				reference: 'ORDER-1',
				amount: 120.5,
				internal_reference: 500001,
				status: 'APPROVED',
				reason: '00',
				authorization: '000123',
				refunded: false,
				last_digits: '1111',
				payer_first_name: 'José',
			},
			{
				id: 2,
				date: '2025-01-31T11:00:00+00:00',
				reference: 'ORDER-2',
				amount: 7,
				internal_reference: 500002,
				status: 'REJECTED',
				reason: '05',
				authorization: '',
				refunded: true,
				last_digits: '0004',
				payer_first_name: 'Zoë',
			},
		]);
	});

	it('gives the same rows whatever the chunk boundaries, including inside a multi-byte character', () => {
		const bytes = Buffer.from(FILE, 'utf8');
		const whole = [...parseTsvChunks([bytes])];
		for (const size of [1, 2, 3, 5, 7, 13, 64]) {
			expect([...parseTsvChunks(sliceBuffer(bytes, size))]).toEqual(whole);
		}
	});

	it('copes with CRLF, a byte order mark, blank lines and no final newline', () => {
		const text = `\ufeff${HEADER}\r\n${ROWS[0]}\r\n\r\n${ROWS[1]}`;
		const rows = [...parseTsvChunks([text])];
		expect(rows.map((row) => row.reference)).toEqual(['ORDER-1', 'ORDER-2']);
		expect(Object.keys(rows[0])[0]).toBe('id');
		expect(rows[1].payer_first_name).toBe('Zoë');
	});

	it('gives null for missing cells and keeps extra cells under column_N', () => {
		const rows = [...parseTsvChunks(['a\tamount\n', 'x\n', 'y\t3\textra\n'])];
		expect(rows).toEqual([
			{ a: 'x', amount: null },
			{ a: 'y', amount: 3, column_3: 'extra' },
		]);
	});

	it('keeps text that is not a number even in a numeric column, and empty numbers as null', () => {
		expect(convertCell('amount', 'n/a')).toBe('n/a');
		expect(convertCell('amount', '')).toBeNull();
		expect(convertCell('amount', '-12.5')).toBe(-12.5);
		// An internal reference beyond 2^53 keeps its digits (as text), as the JSON answers give it.
		expect(convertCell('internal_reference', '98765432109876543210')).toBe('98765432109876543210');
		expect(convertCell('internal_reference', '9007199254740991')).toBe(9007199254740991);
		expect(convertCell('reference', '12')).toBe('12');
		expect(convertCell('refunded', 'maybe')).toBe('maybe');
	});
});

describe('report TSV parser: as the file arrives', () => {
	it('returns rows as chunks complete, holding only the unfinished line', () => {
		const parser = new TsvReportParser();
		expect(parser.push('id\tref')).toEqual([]);
		expect(parser.push('erence\n1\tA')).toEqual([]);
		expect(parser.columns).toEqual(['id', 'reference']);
		expect(parser.push('\n2\tB\n3')).toEqual([
			{ id: 1, reference: 'A' },
			{ id: 2, reference: 'B' },
		]);
		expect(parser.end()).toEqual([{ id: 3, reference: null }]);
		expect(parser.rowCount).toBe(3);
	});

	it('refuses a line longer than the limit instead of holding it', () => {
		const parser = new TsvReportParser({ maxLineLength: 100 });
		expect(() => parser.push('x'.repeat(101))).toThrow(TsvLineTooLongError);
	});

	it('reads an async source of chunks, such as a readable stream', async () => {
		async function* source() {
			for (const chunk of sliceBuffer(Buffer.from(FILE, 'utf8'), 3)) yield chunk;
		}
		const rows: unknown[] = [];
		for await (const row of parseTsvStream(source())) rows.push(row);
		expect(rows).toEqual([...parseTsvChunks([FILE])]);
	});

	it('parses 100,000 rows with its own memory bounded by one line', () => {
		const parser = new TsvReportParser({ maxLineLength: 200 });
		let count = 0;
		let sum = 0;
		const header = 'id\tamount\treference\n';
		count += parser.push(header).length;
		for (let i = 1; i <= 100_000; i++) {
			for (const row of parser.push(`${i}\t${i % 10}.5\tR${i}\n`)) {
				count++;
				sum += row.amount as number;
			}
		}
		count += parser.end().length;
		expect(count).toBe(100_000);
		expect(sum).toBe(100_000 * 0.5 + 10_000 * 45);
	});
});

describe('the column plan (a converter chosen once per column)', () => {
	const plan = columnPlan(' id \tamount\trefunded\treference\tinternal_reference');

	it('takes the names from the header, trimmed, and a converter for numeric and yes/no columns only', () => {
		expect(plan.names).toEqual(['id', 'amount', 'refunded', 'reference', 'internal_reference']);
		expect(plan.converters.map((convert) => convert !== undefined)).toEqual([true, true, true, false, true]);
		expect(converterFor('amount')).toBe(converterFor('tax'));
		expect(converterFor('status')).toBeUndefined();
		expect(converterFor('status', { numericColumns: new Set(['status']) })).toBe(converterFor('amount'));
	});

	it('converts every column type as convertCell does, empty cells included', () => {
		const cases: Array<[string, string]> = [
			['amount', '12.50'], ['amount', ' 7 '], ['amount', ''], ['amount', '  '], ['amount', 'n/a'], ['amount', '1e3'], ['amount', '+5'], ['amount', '.5'],
			['amount', '0x1F'], ['internal_reference', '98765432109876543210'], ['internal_reference', '-12'], ['refunded', 'TRUE'], ['refunded', ' 0 '],
			['refunded', ''], ['refunded', 'maybe'], ['reference', ' ORDER-1 '], ['reference', ''], ['reference', '"quoted\tpart"'],
		];
		for (const [column, raw] of cases) {
			const convert = converterFor(column);
			expect(convert ? convert(raw) : raw).toEqual(convertCell(column, raw));
		}
		expect(convertCell('amount', ' 7 ')).toBe(7);
		expect(convertCell('amount', '+5')).toBe('+5');
		expect(convertCell('refunded', 'TRUE')).toBe(true);
		expect(convertCell('reference', ' ORDER-1 ')).toBe(' ORDER-1 ');
	});

	it('builds a row: missing cells null, extra cells under column_N, quotes kept as they are', () => {
		expect(rowOf(plan, '1\t\tfalse\t"A, B"')).toEqual({ id: 1, amount: null, refunded: false, reference: '"A, B"', internal_reference: null });
		expect(rowOf(plan, '2\t3.5\t1\tX\t9\tmore')).toEqual({ id: 2, amount: 3.5, refunded: true, reference: 'X', internal_reference: 9, column_6: 'more' });
		expect(Object.keys(rowOf(plan, '3'))).toEqual(plan.names);
	});

	it('a repeated column name keeps the last cell, as before', () => {
		expect(rowOf(columnPlan('a\ta'), 'x\ty')).toEqual({ a: 'y' });
	});
});

describe('numbers and lines read in place', () => {
	it('gives exactly the number Number() gives for plainly written decimals, long ones included', () => {
		let seed = 7;
		const digit = () => String((seed = (seed * 48271) % 2147483647) % 10);
		for (let i = 0; i < 5_000; i++) {
			const whole = Array.from({ length: 1 + (i % 17) }, digit).join('');
			const fraction = Array.from({ length: i % 9 }, digit).join('');
			const raw = `${i % 3 === 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
			const expected = Number(raw);
			// Beyond 2^53 a whole number keeps its digits as text.
			expect(convertCell('amount', raw)).toBe(Number.isSafeInteger(expected) || fraction ? expected : raw);
		}
		expect(Object.is(convertCell('amount', '-0'), -0)).toBe(true);
		expect(convertCell('amount', '12.')).toBe('12.');
		expect(convertCell('amount', '1.2.3')).toBe('1.2.3');
	});

	it('reads a report of one column (no tab on any line) and rows split across chunks anywhere', () => {
		const lines = Array.from({ length: 2_000 }, (_, i) => String(i));
		const rows = [...parseTsvChunks(sliceBuffer(Buffer.from(`id\n${lines.join('\n')}\n`), 1000))];
		expect(rows.map((row) => row.id)).toEqual(lines.map(Number));
	});

	it('makes rows with the header order of keys, whatever cells a line has', () => {
		const rows = [...parseTsvChunks(['b\ta\tc\n', '1\n', '1\t2\t3\t4\n', '\t\t\n'])];
		expect(rows.map((row) => Object.keys(row))).toEqual([['b', 'a', 'c'], ['b', 'a', 'c', 'column_4']]);
	});
});
