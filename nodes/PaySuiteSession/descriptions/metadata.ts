/** A session's metadata: the shared key/value rows and "Metadata (JSON)" (nodes/shared/descriptions/metadata.ts). */
import { metadataProperties as sharedMetadata } from '../../shared/descriptions/metadata';

export { keyValueMap } from '../../shared/descriptions/metadata';

export const metadataProperties = sharedMetadata('Key/value data that may steer how the session is processed');
