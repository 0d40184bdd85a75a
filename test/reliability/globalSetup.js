// The reliability project starts with no report parts of an earlier run: the merged report is this run's only.
const fs = require('fs');
const path = require('path');

module.exports = async () => {
	fs.rmSync(path.join(__dirname, '..', '..', 'test-results', 'reliability'), { recursive: true, force: true });
};
