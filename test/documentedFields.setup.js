// After each test file: every sandbox it started (option documentedFields, 'fail' by default) answered only the
// fields the API documents show; otherwise the file fails, naming each endpoint and key path (sandbox/documented/).
const { documentedFieldsFailure } = require('../sandbox/documented/check');

afterAll(() => {
	const failure = documentedFieldsFailure();
	if (failure) throw failure;
});
