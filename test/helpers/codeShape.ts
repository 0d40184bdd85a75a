/**
 * Sizes of code as a reader meets it: files over a line budget and functions (declarations, methods, arrows,
 * function expressions) over theirs. Read with the TypeScript compiler's parser, so JavaScript files count too.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { readFileSync } from 'fs';
import * as ts from 'typescript';

export interface Oversize {
	file: string;
	/** The function's name (or the name it is assigned to); undefined for the file itself. */
	name?: string;
	line: number;
	lines: number;
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
	ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node);

function nameOf(node: ts.FunctionLikeDeclaration): string {
	if (node.name) return node.name.getText();
	const parent = node.parent;
	if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText();
	return '(anonymous)';
}

/** The file itself when it has more than `maxFileLines` lines, and each function longer than `maxFunctionLines`. */
export function oversizes(file: string, text: string, maxFileLines: number, maxFunctionLines: number): Oversize[] {
	const found: Oversize[] = [];
	const fileLines = text.split('\n').length;
	if (fileLines > maxFileLines) found.push({ file, line: 1, lines: fileLines });
	const kind = /\.(c|m)?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
	const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
	const visit = (node: ts.Node): void => {
		if (isFunction(node)) {
			const start = lineOf(node.getStart(source));
			const lines = lineOf(node.getEnd()) - start + 1;
			if (lines > maxFunctionLines) found.push({ file, name: nameOf(node), line: start, lines });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

export const oversizesOfFile = (file: string, maxFileLines: number, maxFunctionLines: number): Oversize[] =>
	oversizes(file, readFileSync(file, 'utf8'), maxFileLines, maxFunctionLines);
