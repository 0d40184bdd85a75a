// The e2e project's globalTeardown: stops the queue-mode cluster its files shared (./sharedCluster.js), when they did
// in this process (`--runInBand`; in a jest worker, the worker's reaper ends it with the worker).
module.exports = () => require('./sharedCluster').stopShared();
