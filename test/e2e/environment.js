// The e2e projects' test environment: jest's Node environment, plus, for a project whose testEnvironmentOptions say
// `sharedCluster: true` (e2e-queue, jest.config.js), `__paysuiteSharedQueue`: this process's shared queue-mode cluster
// (./sharedCluster.js), which queueHarness.ts's setupQueue() then returns instead of starting one per file. The
// cluster lives here, outside jest's per-file module registry, so the files of the project share it.
const NodeEnvironment = require('jest-environment-node').TestEnvironment;

class E2eEnvironment extends NodeEnvironment {
	constructor(config, context) {
		super(config, context);
		if (config.projectConfig.testEnvironmentOptions?.sharedCluster) {
			const { sharedQueue, releaseShared } = require('./sharedCluster');
			this.global.__paysuiteSharedQueue = { sharedQueue, releaseShared };
		}
	}
}

module.exports = E2eEnvironment;
