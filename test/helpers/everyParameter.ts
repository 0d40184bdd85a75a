/**
 * Saved workflows that set every parameter of a node version: for each resource and operation, a node with every
 * field the panel shows set (each collection with all its options, each group with all its fields), and one more
 * node for each choice of a field that shows other fields (Pay With: Token shows Token and Subtoken). Written once
 * per released version into test/fixtures/saved/every-parameter/, then frozen like every fixture: n8n's own loader
 * must keep each value they set (test/package/everyParameter.test.ts).
 */
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodePropertyCollection, type INodePropertyOptions, type INodeTypeDescription } from 'n8n-workflow';

type Value = INodeParameters[string];

const isGroup = (option: unknown): option is INodePropertyCollection => typeof option === 'object' && option !== null && 'values' in option;
const choices = (property: INodeProperties) => (property.options ?? []).filter((option): option is INodePropertyOptions => !isGroup(option) && 'value' in option);

/** A value of the field's kind that it accepts as typed (not always one the platform would). */
function sample(property: INodeProperties): Value {
	const name = property.name.toLowerCase();
	switch (property.type) {
		case 'boolean':
			return !property.default;
		case 'number': {
			const min = Number(property.typeOptions?.minValue ?? 1);
			return Math.max(min, 1);
		}
		case 'options':
			return (choices(property).find((option) => option.value !== property.default) ?? choices(property)[0])?.value as Value;
		case 'multiOptions':
			return choices(property).slice(0, 1).map((option) => option.value) as Value;
		case 'json':
			return '{"note":"saved"}';
		case 'dateTime':
			return '2026-12-01T10:00:00';
		case 'color':
			return '#123456';
		case 'resourceLocator': {
			const mode = (property.modes ?? []).find((candidate) => candidate.name === 'id') ?? property.modes?.[0];
			return { __rl: true, mode: mode?.name ?? 'id', value: '1001' };
		}
		case 'collection':
			return Object.fromEntries((property.options as INodeProperties[]).filter(settable).map((option) => [option.name, sample(option)]));
		case 'fixedCollection':
			return Object.fromEntries(
				(property.options ?? []).filter(isGroup).map((group) => {
					const entry = Object.fromEntries(group.values.filter(settable).map((field) => [field.name, sample(field)]));
					return [group.name, property.typeOptions?.multipleValues ? [entry] : entry];
				}),
			);
		default:
			if (/e-?mail/.test(name)) return 'ana@example.com';
			if (/url|uri|link/.test(name)) return 'https://shop.example.com/saved';
			if (/date|time/.test(name)) return '2026-12-01T10:00:00';
			return `saved-${property.name}`;
	}
}

const settable = (property: INodeProperties) => !['notice', 'hidden', 'callout'].includes(property.type);

/** The fields a node with `values` shows at `version`, set: repeated until nothing new shows. */
function fill(description: INodeTypeDescription, version: number, values: INodeParameters, fixed: Set<string>): { values: INodeParameters; shown: number[] } {
	const node = { typeVersion: version };
	let shown: number[] = [];
	for (let round = 0; round < 5; round++) {
		shown = description.properties.flatMap((property, index) => (settable(property) && NodeHelpers.displayParameter(values, property, node, description) ? [index] : []));
		let changed = false;
		for (const index of shown) {
			const property = description.properties[index];
			if (property.name in values) continue;
			values[property.name] = fixed.has(property.name) ? property.default : sample(property);
			changed = true;
		}
		if (!changed) break;
	}
	return { values, shown };
}

/** The fields that decide what else shows: a choice or a switch. */
const deciding = (property: INodeProperties) => property.type === 'options' || property.type === 'boolean';

export interface GeneratedNode {
	name: string;
	parameters: INodeParameters;
}

/** Nodes that together set every field of `version`, each as the editor would save it. */
export function everyParameterNodes(description: INodeTypeDescription, version: number): GeneratedNode[] {
	const node = { typeVersion: version };
	const selectorValues = (name: string, values: INodeParameters) =>
		description.properties
			.filter((property) => property.name === name && NodeHelpers.displayParameter(values, property, node, description))
			.flatMap((property) => choices(property).map((option) => option.value as string));
	const resources = selectorValues('resource', {});
	const pairs = resources.length ? resources.flatMap((resource) => [...new Set(selectorValues('operation', { resource }))].map((operation) => ({ resource, operation }))) : [{}];
	const covered = new Set<number>();
	const nodes: GeneratedNode[] = [];
	for (const pair of pairs) {
		const base = fill(description, version, { ...pair }, new Set(Object.keys(pair)));
		const label = Object.values(pair).join(' ') || description.displayName;
		base.shown.forEach((index) => covered.add(index));
		nodes.push({ name: label, parameters: base.values });
		// Each other choice of a deciding field, where it shows a field not set yet.
		for (const index of base.shown) {
			const property = description.properties[index];
			if (!deciding(property) || property.name in pair) continue;
			const alternatives = property.type === 'boolean' ? [!sample(property)] : choices(property).map((option) => option.value as Value);
			for (const alternative of alternatives) {
				const variant = fill(description, version, { ...pair, [property.name]: alternative }, new Set([...Object.keys(pair), property.name]));
				if (variant.shown.every((shown) => covered.has(shown))) continue;
				variant.shown.forEach((shown) => covered.add(shown));
				nodes.push({ name: `${label} (${property.name} ${String(alternative)})`, parameters: variant.values });
			}
		}
	}
	return nodes;
}

/** The properties a saved node shows (its parameters decide), by their index in the description. */
export const shownFor = (description: INodeTypeDescription, saved: Pick<INode, 'parameters' | 'typeVersion'>): INodeProperties[] =>
	description.properties.filter((property) => settable(property) && NodeHelpers.displayParameter(saved.parameters, property, { typeVersion: saved.typeVersion }, description));
