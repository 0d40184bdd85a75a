/** Where n8n's time went: the functions with the most self time in the CPU profiles of a `--cpu-prof` run. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'fs';
import { join } from 'path';

import { REPO_DIR } from './n8n';

export const PROFILE_DIR = join(REPO_DIR, 'test-results', 'bench-cpu-prof');

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}

interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

/** Self time by function (ms) and by package or file area, largest first. */
export function summarize(profile: CpuProfile, top = 25): { functions: Array<[string, number]>; areas: Array<[string, number]> } {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map<string, number>();
	const areas = new Map<string, number>();
	profile.samples.forEach((id, i) => {
		const node = byId.get(id)!;
		const ms = (profile.timeDeltas[i] ?? 0) / 1000;
		const url = node.callFrame.url.replace(/^file:\/\//, '');
		const key = `${node.callFrame.functionName || '(anonymous)'} ${url.split('/node_modules/').pop()}:${node.callFrame.lineNumber + 1}`;
		self.set(key, (self.get(key) ?? 0) + ms);
		const area = !url ? node.callFrame.functionName || '(native)' : url.includes('/node_modules/') ? url.split('/node_modules/').pop()!.split('/').slice(0, url.split('/node_modules/').pop()!.startsWith('@') ? 2 : 1).join('/') : url.startsWith('node:') ? 'node:' + url.slice(5).split('/')[0] : url;
		areas.set(area, (areas.get(area) ?? 0) + ms);
	});
	const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
	return { functions: sorted(self), areas: sorted(areas) };
}

export function printProfiles(dir: string, log: (message: string) => void): void {
	let files: string[] = [];
	try {
		files = readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'));
	} catch {
		/* none */
	}
	if (!files.length) log(`no CPU profile in ${dir}`);
	for (const file of files) {
		const { functions, areas } = summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
		log(`CPU profile ${join(dir, file)}: self time by area`);
		for (const [name, ms] of areas) log(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
		log('self time by function');
		for (const [name, ms] of functions) log(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
	}
}

/** An empty folder for this run's profiles. */
export function freshProfileDir(): string {
	rmSync(PROFILE_DIR, { recursive: true, force: true });
	mkdirSync(PROFILE_DIR, { recursive: true });
	return PROFILE_DIR;
}
