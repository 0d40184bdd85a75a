import { TsvLineTooLongError } from '../../../shared/reports/reportTsv';
import { csvRecord, TsvToCsv, tsvToCsv } from './reportFileCsv';
import { readCsv } from '../../../../test/helpers/csv';

/** The TSV pushed in chunks of `size` bytes, then ended: the CSV as text. */
function convert(tsv: string, size: number): string {
	const converter = new TsvToCsv();
	const whole = Buffer.from(tsv, 'utf8');
	const parts: Buffer[] = [];
	for (let start = 0; start < whole.length; start += size) parts.push(converter.push(whole.subarray(start, start + size)));
	parts.push(converter.end());
	return Buffer.concat(parts).toString('utf8');
}

describe('the report as CSV', () => {
	it('one record per line, ended by CRLF, commas for tabs', () => {
		expect(convert('id\treference\tamount\n1\tORDER-1\t120.50\n', 64)).toBe('\uFEFFid,reference,amount\r\n1,ORDER-1,120.50\r\n');
	});

	it('quotes a field holding a comma, a double quote or a carriage return, its quotes doubled (RFC 4180)', () => {
		expect(csvRecord(Buffer.from('Gomez, Ana\tsays "hi"\tplain\t\ta\rb'))).toEqual(Buffer.from('"Gomez, Ana","says ""hi""",plain,,"a\rb"'));
		const tsv = 'payer\tnote\nGomez, Ana\t"quoted" and, comma\n';
		expect(readCsv(convert(tsv, 64))).toEqual([
			['payer', 'note'],
			['Gomez, Ana', '"quoted" and, comma'],
		]);
	});

	it('keeps every character of every cell: long IDs, decimals, leading zeros, accents, empty cells', () => {
		const tsv = 'internal_reference\tamount\tdocument\tpayer_first_name\treason\n12345678901234567890123\t0.10\t0012345\tJosé Ñandú\t\n';
		expect(readCsv(convert(tsv, 3))).toEqual([
			['internal_reference', 'amount', 'document', 'payer_first_name', 'reason'],
			['12345678901234567890123', '0.10', '0012345', 'José Ñandú', ''],
		]);
	});

	it('the same file whatever the chunk boundaries (inside a character, between \\r and \\n)', () => {
		const tsv = 'id\tname\r\n1\tJosé, "Pepe"\r\n\r\n2\tÑandú\r\n3\tlast line without a break';
		const expected = '\uFEFFid,name\r\n1,"José, ""Pepe"""\r\n2,Ñandú\r\n3,last line without a break\r\n';
		for (const size of [1, 2, 3, 5, 7, 64]) expect(convert(tsv, size)).toBe(expected);
		expect(tsvToCsv(Buffer.from(tsv))).toEqual(Buffer.from(expected));
	});

	it("starts with UTF-8's byte-order mark, once, so that spreadsheets and n8n's viewer read accents right", () => {
		const csv = tsvToCsv(Buffer.from('name\nJosé\n'));
		expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		expect(csv.subarray(3).toString('utf8')).toBe('name\r\nJosé\r\n');
		expect(csv.indexOf(Buffer.from([0xef, 0xbb, 0xbf]), 1)).toBe(-1);
	});

	it('drops empty lines, and an empty file stays empty', () => {
		expect(convert('a\tb\n\n\r\n1\t2\n\n', 4)).toBe('\uFEFFa,b\r\n1,2\r\n');
		expect(convert('', 4)).toBe('');
	});

	it('goes on after end (the next window of a period)', () => {
		const converter = new TsvToCsv();
		expect(converter.push(Buffer.from('id\n1')).toString()).toBe('\uFEFFid\r\n');
		expect(converter.end().toString()).toBe('1\r\n');
		expect(converter.push(Buffer.from('2\n')).toString()).toBe('2\r\n');
		expect(converter.end().toString()).toBe('');
	});

	it('refuses a line longer than 1 MiB rather than holding it', () => {
		const converter = new TsvToCsv();
		const chunk = Buffer.alloc(256 * 1024, 'x');
		expect(() => {
			for (let i = 0; i < 5; i++) converter.push(chunk);
		}).toThrow(TsvLineTooLongError);
	});
});
