import { useSearchParams } from 'react-router';

/** The token (and callback group) a contact link carries in its query. */
export function useContactLink() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const callbackGroup = params.get('callbackGroup')?.trim() || undefined;
  return { token, callbackGroup };
}
