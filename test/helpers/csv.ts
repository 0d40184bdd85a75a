/**
 * A reader of CSV records as RFC 4180 defines them (fields separated by commas, records ended by CRLF, a
 * field between double quotes may hold commas, line breaks and doubled quotes), written from the RFC, not from
 * the package's writer: tests read back what the report's CSV holds. A byte-order mark first is the file's
 * encoding, not part of its first field.
 */
export function readCsv(text: string): string[][] {
	const csv = text.replace(/^\uFEFF/, '');
	const records: string[][] = [];
	let record: string[] = [];
	let field = '';
	let quoted = false;
	for (let index = 0; index < csv.length; index++) {
		const char = csv[index];
		if (quoted && char === '"' && csv[index + 1] === '"') {
			field += '"';
			index++;
		} else if (quoted && char === '"') {
			quoted = false;
		} else if (quoted) {
			field += char;
		} else if (char === '"') {
			quoted = true;
		} else if (char === ',' || (char === '\r' && csv[index + 1] === '\n')) {
			record.push(field);
			field = '';
			if (char === '\r') {
				records.push(record);
				record = [];
				index++;
			}
		} else {
			field += char;
		}
	}
	if (field !== '' || record.length > 0) throw new Error('The CSV does not end with CRLF');
	return records;
}
