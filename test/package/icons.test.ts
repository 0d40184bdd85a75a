/**
 * Each node has its own icon, a light and a dark SVG under icons/ that gulp copies into dist/ (and npm ships):
 * one different picture per node of one family, told apart on the canvas. The credentials keep the package's icon.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { ICredentialType, INodeType } from 'n8n-workflow';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = require('../../package.json') as { files: string[]; n8n: { nodes: string[]; credentials: string[] } };
const baseOf = (built: string) => built.replace(/^.*\//, '').replace(/\.(node|credentials)\.js$/, '');

/** An icon reference `file:../../icons/x.svg` as the repository file it names, from the declaring file's folder. */
const fileOf = (declaredIn: string, icon: string) => path.resolve(ROOT, declaredIn, icon.replace(/^file:/, ''));

const NODES = pkg.n8n.nodes.map((built) => {
	const base = baseOf(built);
	const description = new (require(`../../nodes/${base}/${base}.node.ts`) as Record<string, new () => INodeType>)[base]().description;
	const icon = description.icon as { light: string; dark: string };
	return { base, light: fileOf(`nodes/${base}`, icon.light), dark: fileOf(`nodes/${base}`, icon.dark) };
});

const CREDENTIALS = pkg.n8n.credentials.map((built) => {
	const base = baseOf(built);
	const credential = new (require(`../../credentials/${base}.credentials.ts`) as Record<string, new () => ICredentialType>)[base]();
	const icon = credential.icon as { light: string; dark: string };
	return { base, light: fileOf('credentials', icon.light), dark: fileOf('credentials', icon.dark) };
});

describe('node icons', () => {
	it.each(NODES.map((n) => [n.base, n] as const))('%s: a light and a dark SVG of its own under icons/', (_base, { light, dark }) => {
		for (const file of [light, dark]) {
			expect(path.dirname(file)).toBe(path.join(ROOT, 'icons'));
			const svg = fs.readFileSync(file, 'utf8');
			expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="64" height="64" viewBox="0 0 64 64">/);
			expect(svg.trim()).toMatch(/<\/svg>$/);
			// Nothing that a browser would fetch or run inside an <img>.
			expect(svg).not.toMatch(/<script|<image|href=|url\(|<foreignObject/i);
		}
		expect(path.basename(dark)).toBe(path.basename(light).replace(/\.svg$/, '.dark.svg'));
		expect(fs.readFileSync(dark, 'utf8')).not.toBe(fs.readFileSync(light, 'utf8'));
	});

	it('one different picture per node, none of them the credentials\' icon', () => {
		const pictures = new Set(NODES.map((n) => fs.readFileSync(n.light, 'utf8')));
		expect(pictures.size).toBe(NODES.length);
		expect(NODES).toHaveLength(11);
		for (const credential of CREDENTIALS) expect(pictures.has(fs.readFileSync(credential.light, 'utf8'))).toBe(false);
	});

	it('the credentials keep the package icon', () => {
		for (const credential of CREDENTIALS) {
			expect(path.relative(ROOT, credential.light)).toBe(path.join('icons', 'paysuite.svg'));
			expect(path.relative(ROOT, credential.dark)).toBe(path.join('icons', 'paysuite.dark.svg'));
		}
	});

	it('every icon is shipped: gulp copies icons/ into dist/, which the package publishes', () => {
		expect(pkg.files).toContain('dist');
		const gulpfile = fs.readFileSync(path.join(ROOT, 'gulpfile.js'), 'utf8');
		expect(gulpfile).toContain("'icons/**/*.{png,svg}'");
	});
});
