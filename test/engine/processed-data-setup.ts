// Every engine test file's n8n has its deduplication record (test/helpers/processedData.ts), as a real n8n does.
import { useProcessedData } from '../helpers/processedData';

beforeAll(useProcessedData);
