// Tag cloud-documents: each signed-in user's own documents (a document of the same name is per user).
import { entry, signedIn, type Entry } from '../roles.ts';

const version = { dataStructureVersion: 1 };

export const entries: Entry[] = [
  entry('getCloudDocument', signedIn(200), async (role, m) => {
    if (role !== 'anonymous') {
      const put = await m.inject(role, {
        method: 'PUT',
        url: `/cloud-document/matrix-${role}?dataStructureVersion=1&timestamp=${Date.now()}`,
        payload: { owner: role },
      });
      if (put.statusCode !== 200) throw new Error(`putCloudDocument ${put.statusCode} ${put.body}`);
    }
    return { params: { name: `matrix-${role}` }, query: version };
  }),
  entry('putCloudDocument', signedIn(200), () => ({
    params: { name: 'matrix-put' },
    query: { ...version, timestamp: Date.now() },
    body: { a: 1 },
  })),
  entry('getCloudDocumentTimestamp', signedIn(200), () => ({
    params: { name: 'matrix-put' },
    query: version,
  })),
];
