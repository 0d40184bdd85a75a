'use strict';
/**
 * A queue-mode cluster with the packed package (scripts/n8n/queue.js: Redis, PostgreSQL, a main, workers, webhook
 * processes, the router), for queueHarness.ts: one per test file, or, with PAYSUITE_E2E_SHARED_CLUSTER set, one per
 * jest process shared by the files of SHARED_FILES, which then run one after the other on it (`--runInBand`; the
 * shared lane of `npm run check`, scripts/testLanes.js, sets both).
 *
 * The shared one lives outside jest's per-file module registry: test/e2e/environment.js hands `sharedQueue` to those
 * files, and test/e2e/sharedTeardown.js (the e2e project's globalTeardown) stops it after the last one. Should jest
 * end otherwise (a signal, SIGKILL, its worker killed), the reaper of this process (scripts/n8n/processes.js) ends
 * the cluster and removes its folders, as for any cluster. Plain CommonJS.
 */
const fs = require('fs');
const path = require('path');

const env = require('../../scripts/n8n/env.js');
const queue = require('../../scripts/n8n/queue.js');

const REPO_DIR = path.resolve(__dirname, '..', '..');
/** The shared cluster's shape; setupQueue() with other options gets a cluster of its own. */
const SHARED_TOPOLOGY = { workers: 2, webhooks: 1 };
/**
 * The files that can run on a cluster earlier files used: they neither stop it nor count a process's restarts from
 * zero, and read only their own workflows' executions. (queueCluster stops its cluster, queueWebhooks needs two
 * webhook processes, queueStart and interrupt start theirs through `npm start` or a child: each keeps its own.)
 */
const SHARED_FILES = ['queue.test.ts', 'queueAcknowledge.test.ts', 'queueRepeat.test.ts', 'queueTransactionTrigger.test.ts', 'queueTriggers.test.ts'];

/** Whether this test file runs on the shared cluster. */
const shareFor = (file) => Boolean(process.env.PAYSUITE_E2E_SHARED_CLUSTER) && SHARED_FILES.includes(file);

/** Installs n8n when missing, packs the package into a fresh user folder and starts the cluster on it. */
async function startQueue({ workers = 2, webhooks = 1, env: extraEnv = {}, prefix = 'paysuite-queue-e2e-' } = {}) {
	const paths = await env.ensureN8n();
	const userFolder = env.createUserFolder(prefix, { keep: Boolean(process.env.PAYSUITE_E2E_KEEP) });
	let cluster;
	try {
		await env.packAndInstall(REPO_DIR, userFolder);
		// Each process's output goes to <user folder>/logs too (kept with PAYSUITE_E2E_KEEP).
		const logDir = path.join(userFolder, 'logs');
		fs.mkdirSync(logDir, { recursive: true });
		// A throwaway cluster: PostgreSQL without fsync (queue.js NON_DURABLE_FOR_TESTS), never outside tests.
		cluster = await queue.startCluster({ userFolder, workers, webhooks, logDir, env: extraEnv, nonDurableDatabaseForTests: true, log: () => {} });
		const rest = await env.setupOwnerAndLogin(cluster.main.url);
		return { userFolder, paths, cluster, rest };
	} catch (e) {
		await cluster?.stop();
		env.removeUserFolder(userFolder);
		throw e;
	}
}

/** Stops every process of a cluster from startQueue() and removes its data and user folder. */
async function stopQueue(q) {
	await q.cluster.stop();
	if (process.env.PAYSUITE_E2E_KEEP) {
		console.log(`PAYSUITE_E2E_KEEP set: user folder (with logs/) kept at ${q.userFolder}`);
		return;
	}
	env.removeUserFolder(q.userFolder);
}

let shared;

/** This process's shared cluster (started by the first file that asks), or undefined for another topology. */
function sharedQueue({ workers = 2, webhooks = 1, env: extraEnv = {} } = {}) {
	if (workers !== SHARED_TOPOLOGY.workers || webhooks !== SHARED_TOPOLOGY.webhooks || Object.keys(extraEnv).length) return undefined;
	shared ??= startQueue({ ...SHARED_TOPOLOGY, prefix: 'paysuite-queue-shared-' });
	return shared;
}

/**
 * What a file leaves on the shared cluster for the next one: its published workflows are unpublished (a trigger
 * polling a sandbox that is gone, say), so that they start no execution during the next file.
 */
async function releaseShared(q) {
	const listed = await q.rest.call('GET', '/rest/workflows');
	if (listed.status !== 200) throw new Error(`listing the shared cluster's workflows failed: ${listed.status} ${listed.text.slice(0, 300)}`);
	for (const workflow of (listed.json?.data ?? []).filter((w) => w.active)) {
		const r = await q.rest.call('POST', `/rest/workflows/${workflow.id}/deactivate`);
		if (r.status !== 200) throw new Error(`unpublishing workflow ${workflow.id} on the shared cluster failed: ${r.status} ${r.text.slice(0, 300)}`);
	}
}

/** Stops the shared cluster, if this process started one (the e2e project's globalTeardown). */
async function stopShared() {
	if (!shared) return;
	const started = shared;
	shared = undefined;
	const q = await started.catch(() => undefined);
	if (q) await stopQueue(q);
}

module.exports = { startQueue, stopQueue, sharedQueue, releaseShared, stopShared, shareFor, SHARED_FILES, SHARED_TOPOLOGY };
