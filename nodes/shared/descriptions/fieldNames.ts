/**
 * Validation finds problems at body paths (`payment.amount.total`); users know the panel's fields ("Amount").
 * FieldNames maps one to the other from the operation's field declarations, so an error names the field to fix.
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

/** "maxAmount" → "Max Amount": the last resort, for a path no field matches. */
export function humanize(key: string): string {
	const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').trim();
	const titled = words ? words[0].toUpperCase() + words.slice(1) : key;
	return titled.replace(/\b(Id|Url|Ip|Uri)\b/g, (word) => word.toUpperCase());
}

const SEPARATOR = ' › ';

/** The platform wraps some bodies in `data`: no field of the panel, so it is not said. */
const withoutWrapper = (segments: string[]) => (segments.length > 1 && segments[0] === 'data' ? segments.slice(1) : segments);

/** Every way to read segments as one parameter name: `address.city`, `addressCity` (flattened fields). */
function spellings(segments: string[]): string[] {
	const out: string[] = [];
	const joins = 1 << Math.max(0, segments.length - 1);
	for (let mask = 0; mask < joins; mask++) {
		let name = segments[0];
		for (let i = 1; i < segments.length; i++) {
			const segment = segments[i];
			name += mask & (1 << (i - 1)) ? segment[0].toUpperCase() + segment.slice(1) : `.${segment}`;
		}
		out.push(name);
	}
	return out;
}

interface Field {
	labels: string[];
	property: INodeProperties;
}

const isGroup = (option: unknown): option is INodePropertyCollection =>
	!!option && typeof option === 'object' && Array.isArray((option as INodePropertyCollection).values);

export class FieldNames {
	/** Parameter path (`additionalFields.cancelUrl`, `fields.pair.keyword` and `fields.keyword`) → field. */
	private readonly byPath = new Map<string, Field>();
	/** For bodies that take a field out of its collection. */
	private readonly byNestedName = new Map<string, Field>();

	/**
	 * `explicit`: body path (no list positions) → label, for what the fields do not say (a JSON field merged into an
	 * object: `payment` → "Additional Fields › Payment Extras"); '' is the whole body, '*' what nothing else names.
	 */
	constructor(
		properties: INodeProperties[] = [],
		private readonly explicit: Record<string, string> = {},
	) {
		this.add(properties, [], []);
	}

	private add(properties: INodeProperties[], labels: string[], path: string[]): void {
		for (const property of properties) {
			if (!property?.name || property.type === 'notice') continue;
			const field = { labels: [...labels, property.displayName], property };
			const key = [...path, property.name].join('.');
			if (!this.byPath.has(key)) this.byPath.set(key, field);
			if (path.length && !this.byNestedName.has(property.name)) this.byNestedName.set(property.name, field);
			const options = property.options ?? [];
			if (property.type === 'collection') this.add(options as INodeProperties[], field.labels, [...path, property.name]);
			if (property.type === 'fixedCollection') {
				// A list of entries ("Fields › Keyword") is said without its group's name; a choice of groups
				// ("Channels › SMS › Phone Number") with it.
				const many = !!property.typeOptions?.multipleValues;
				for (const group of options.filter(isGroup)) {
					const groupLabels = many ? field.labels : [...field.labels, group.displayName];
					const groupPath = [...path, property.name, group.name].join('.');
					if (!many && !this.byPath.has(groupPath)) this.byPath.set(groupPath, { labels: groupLabels, property });
					this.add(group.values, groupLabels, [...path, property.name, group.name]);
					if (many) this.add(group.values, groupLabels, [...path, property.name]);
				}
			}
		}
	}

	private lookup(segments: string[]): Field | undefined {
		// The API's snake_case keys (`short_message`) are the fields' camelCase names (`shortMessage`).
		const camel = segments.map((segment) => segment.replace(/_([a-z\d])/g, (_, letter: string) => letter.toUpperCase()));
		const names = [...spellings(segments), ...spellings(camel)];
		for (const name of names) {
			const found = this.byPath.get(name);
			if (found) return found;
		}
		// A field of a collection, taken out of it into the body (`travelAgency.iata` from Travel Agency IATA).
		for (const name of names) {
			const found = name.includes('.') ? undefined : this.byNestedName.get(name);
			if (found) return found;
		}
		return undefined;
	}

	field(path: ReadonlyArray<string | number>): Field | undefined {
		return this.resolve(path.filter((s): s is string => typeof s === 'string'))?.field;
	}

	private resolve(segments: string[]): { labels: string[]; field?: Field } | undefined {
		const exact = this.explicit[segments.join('.')];
		if (exact) return { labels: [exact] };
		// After the body's wrappers (`data`, `payment`: no field of their own): `payment.amount.total` is "Amount".
		for (let start = 0; start < segments.length; start++) {
			const field = this.lookup(segments.slice(start));
			if (field) return { labels: field.labels, field };
			if (this.lookup([segments[start]])) break;
		}
		// Otherwise the field the path is inside, and the rest of the path in words.
		for (let start = 0; start < segments.length; start++) {
			for (let end = segments.length - 1; end > start; end--) {
				const field = this.lookup(segments.slice(start, end));
				if (field) return { labels: [...field.labels, ...segments.slice(end).map(humanize)], field };
			}
		}
		for (let end = segments.length - 1; end > 0; end--) {
			const prefix = this.explicit[segments.slice(0, end).join('.')];
			if (prefix) return { labels: [prefix, ...segments.slice(end).map(humanize)] };
		}
		const rest = this.explicit['*'];
		if (rest) return { labels: [rest, ...withoutWrapper(segments).map(humanize)] };
		return undefined;
	}

	/** "Amount", "Buyer › Email", "Fields › Keyword (entry 2)": a list position is said as the entry's number from 1. */
	label(path: ReadonlyArray<string | number>): string {
		const segments = path.map(String).filter((segment) => !/^\d+$/.test(segment));
		const positions = path.filter((segment) => typeof segment === 'number' || /^\d+$/.test(String(segment)));
		if (!segments.length) return positions.length ? `Entry ${Number(positions[positions.length - 1]) + 1}` : (this.explicit[''] ?? 'The input');
		const resolved = this.resolve(segments)?.labels ?? withoutWrapper(segments).map(humanize);
		const entry = positions.length ? ` (entry ${Number(positions[positions.length - 1]) + 1})` : '';
		return `${resolved.join(SEPARATOR)}${entry}`;
	}
}
