// Every engine test file's n8n has its deduplication record (test/helpers/processedData.ts), as a real n8n does;
// each test starts with it empty, as with a new n8n (a test's sandbox may give the same internal references again).
import { processedData, useProcessedData } from '../helpers/processedData';

beforeAll(useProcessedData);
beforeEach(() => processedData.clear());
