/**
 * What a saved workflow sees of a node at one type version: every parameter it can set, at any depth, with where
 * it shows, its type, its default and its choices. A saved workflow holds only the values that differ from a
 * default, so a renamed or removed parameter, a new type, a new default or a lost choice all change what it does.
 */
import { createHash } from 'crypto';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

type Condition = number | string | boolean | { _cnd?: Record<string, unknown> };

/** Whether one `@version` value of n8n's displayOptions matches a version (the `_cnd` comparisons n8n knows). */
function versionMatches(condition: Condition, version: number): boolean {
	if (typeof condition !== 'object' || condition === null) return condition === version;
	const [operator, operand] = Object.entries(condition._cnd ?? {})[0] ?? ['none', undefined];
	const value = operand as number;
	switch (operator) {
		case 'eq':
			return version === value;
		case 'not':
			return version !== value;
		case 'gte':
			return version >= value;
		case 'lte':
			return version <= value;
		case 'gt':
			return version > value;
		case 'lt':
			return version < value;
		case 'between': {
			const { from, to } = operand as { from: number; to: number };
			return version >= from && version <= to;
		}
		default:
			throw new Error(`Unknown @version condition ${operator}`);
	}
}

/** Whether a property is shown at a version, as far as `@version` decides (its other conditions aside). */
export function shownAtVersion(property: Pick<INodeProperties, 'displayOptions'>, version: number): boolean {
	const show = property.displayOptions?.show?.['@version'] as Condition[] | undefined;
	const hide = property.displayOptions?.hide?.['@version'] as Condition[] | undefined;
	if (show && !show.some((condition) => versionMatches(condition, version))) return false;
	if (hide && hide.some((condition) => versionMatches(condition, version))) return false;
	return true;
}

/** The conditions a property shows under, without `@version`, in a stable order. */
function where(property: INodeProperties): string {
	const part = (kind: 'show' | 'hide') => {
		const conditions = { ...(property.displayOptions?.[kind] ?? {}) };
		delete conditions['@version'];
		return Object.keys(conditions)
			.sort()
			.map((name) => `${name}=${JSON.stringify(conditions[name])}`);
	};
	const shown = part('show');
	const hidden = part('hide').map((condition) => `not ${condition}`);
	return [...shown, ...hidden].join(' ');
}

const isGroup = (option: unknown): option is INodePropertyCollection =>
	typeof option === 'object' && option !== null && 'values' in option && Array.isArray((option as INodePropertyCollection).values);

/** Long lists of choices (currencies, countries, zones), recorded once by their digest. */
export type ChoiceLists = Record<string, unknown[]>;

/** A list of choices: as it is when short; a long one by its digest, the list itself kept in `lists`. */
function listed(values: unknown[], lists: ChoiceLists): string {
	const text = JSON.stringify(values);
	if (values.length <= 12) return text;
	const name = `list:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
	lists[name] = values;
	return name;
}

/** The part of a parameter a saved value depends on: its type, default and choices (not its words). */
function describe(property: INodeProperties, lists: ChoiceLists): string {
	const parts = [property.type, `default ${JSON.stringify(property.default)}`];
	if (property.type === 'options' || property.type === 'multiOptions') {
		const values = (property.options ?? []).map((option) => (option as INodePropertyOptions).value);
		if (property.typeOptions?.loadOptionsMethod) parts.push(`choices from ${property.typeOptions.loadOptionsMethod}`);
		else parts.push(`choices ${listed(values, lists)}`);
	}
	if (property.type === 'resourceLocator') parts.push(`modes ${JSON.stringify((property.modes ?? []).map((mode) => mode.name))}`);
	if (property.typeOptions?.multipleValues) parts.push('multiple values');
	return parts.join(', ');
}

/** Every parameter of `properties` at `version`, by its path and where it shows (`additionalFields [operation=["create"] resource=["session"]].taxes.tax.amount`). */
export function parameterShape(properties: INodeProperties[], version: number, lists: ChoiceLists, prefix = '', into: Record<string, string> = {}): Record<string, string> {
	for (const property of properties) {
		if (!shownAtVersion(property, version) || property.type === 'notice') continue;
		const condition = where(property);
		const named = `${prefix}${property.name}${condition ? ` [${condition}]` : ''}`;
		let key = named;
		for (let copy = 2; key in into; copy++) key = `${named} #${copy}`;
		into[key] = describe(property, lists);
		const options = property.options ?? [];
		if (property.type === 'collection') parameterShape(options as INodeProperties[], version, lists, `${key}.`, into);
		if (property.type === 'fixedCollection') for (const group of options.filter(isGroup)) parameterShape(group.values, version, lists, `${key}.${group.name}.`, into);
	}
	return into;
}

/** A node's type versions, oldest first. */
export const versionsOf = (description: Pick<INodeTypeDescription, 'version'>): number[] =>
	(Array.isArray(description.version) ? [...description.version] : [description.version]).sort((a, b) => a - b);

/** The version a new node gets in the editor: `defaultVersion`, else the newest. */
export const defaultVersionOf = (description: Pick<INodeTypeDescription, 'version' | 'defaultVersion'>): number =>
	description.defaultVersion ?? Math.max(...versionsOf(description));

/** Every parameter of a node at each of its versions. */
export function nodeShape(description: INodeTypeDescription, lists: ChoiceLists): Record<string, Record<string, string>> {
	return Object.fromEntries(versionsOf(description).map((version) => [String(version), parameterShape(description.properties, version, lists)]));
}

const CHOICES = /choices (\[.*?\]|list:[0-9a-f]+)(?=, |$)/;

/** A parameter's choices in its description, read back (a list's name through `lists`). */
function choicesOf(described: string, lists: ChoiceLists): unknown[] | undefined {
	const found = CHOICES.exec(described)?.[1];
	if (!found) return undefined;
	return found.startsWith('list:') ? lists[found] : (JSON.parse(found) as unknown[]);
}

/** Whether `after` is `before` with choices added and nothing else changed: no saved value is lost. */
function onlyChoicesAdded(before: string, after: string, lists: { before: ChoiceLists; after: ChoiceLists }): boolean {
	if (before.replace(CHOICES, 'choices') !== after.replace(CHOICES, 'choices')) return false;
	const old = choicesOf(before, lists.before);
	const now = choicesOf(after, lists.after);
	return !!old && !!now && old.every((choice) => now.includes(choice));
}

/** What a recorded version lost or changed (breaking), and what it gained (to check, then record). */
export function versionChanges(before: Record<string, string>, after: Record<string, string>, lists = { before: {}, after: {} } as { before: ChoiceLists; after: ChoiceLists }) {
	const changed = Object.keys(before).filter((key) => after[key] !== before[key]);
	const broken = changed
		.filter((key) => !(key in after) || !onlyChoicesAdded(before[key], after[key], lists))
		.map((key) => (key in after ? `${key}: was ${before[key]}, is ${after[key]}` : `${key}: removed (was ${before[key]})`));
	const added = [...Object.keys(after).filter((key) => !(key in before)), ...changed.filter((key) => key in after && onlyChoicesAdded(before[key], after[key], lists)).map((key) => `${key}: choices added`)];
	return { broken, added };
}
