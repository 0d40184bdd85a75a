// The e2e test environment: jest's Node environment, plus, when PAYSUITE_E2E_SHARED_CLUSTER is set (the shared lane of
// `npm run check`, scripts/testLanes.js, which runs its files one after the other) and the file is one of those that
// can share a queue-mode cluster (./sharedCluster.js SHARED_FILES), `__paysuiteSharedQueue`: this process's shared
// cluster, which queueHarness.ts's setupQueue() then returns instead of starting one for the file. The cluster lives
// here, outside jest's per-file module registry, so that the files share it.
const path = require('path');

const NodeEnvironment = require('jest-environment-node').TestEnvironment;

class E2eEnvironment extends NodeEnvironment {
	constructor(config, context) {
		super(config, context);
		const shared = require('./sharedCluster');
		if (shared.shareFor(path.basename(context.testPath))) {
			const { sharedQueue, releaseShared } = shared;
			this.global.__paysuiteSharedQueue = { sharedQueue, releaseShared };
		}
	}
}

module.exports = E2eEnvironment;
