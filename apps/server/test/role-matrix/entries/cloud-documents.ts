// Tag cloud-documents: each signed-in user's own documents (a document of the same name is per user).
import { entry, signedIn, type Entry, type MatrixContext, type Role } from '../roles.ts';

const version = { dataStructureVersion: 1 };
let clock = Date.now();

async function put(m: MatrixContext, role: Role, owner: string): Promise<void> {
  clock += 1;
  const res = await m.inject(role, {
    method: 'PUT',
    url: `/cloud-document/matrix-doc?dataStructureVersion=1&timestamp=${clock}`,
    payload: { owner },
  });
  if (res.statusCode !== 200) throw new Error(`putCloudDocument ${res.statusCode} ${res.body}`);
}

export const entries: Entry[] = [
  // The caller writes "matrix-doc", then patient A writes a document of the same name: the caller still
  // reads their own.
  entry(
    'getCloudDocument',
    signedIn(200),
    async (role, m) => {
      if (role !== 'anonymous') await put(m, role, role);
      await put(m, 'patientA', 'patientA');
      return { params: { name: 'matrix-doc' }, query: version };
    },
    {
      colleague: 'none',
      check: (role, body) =>
        JSON.stringify(body).includes(`"owner":"${role}"`) ? undefined : `not the caller's own document`,
    },
  ),
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
