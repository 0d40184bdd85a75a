// A real n8n install and process take minutes on a cold cache.
jest.setTimeout(15 * 60 * 1000);
