/** A read (the generated query hook's result) to read again: what `useVersionedForm`'s `reload` asks for. */
export interface Refetchable<T> {
  refetch(options: { throwOnError: boolean }): Promise<{ data: T | undefined }>;
}

/**
 * `reload` for useVersionedForm from the resource's query: reads it again (the answer becomes the cache) and
 * answers it; a failure rejects, so the form shows it.
 */
export function reloadOf<T>(query: Refetchable<T>): () => Promise<T | undefined> {
  return async () => (await query.refetch({ throwOnError: true })).data;
}
