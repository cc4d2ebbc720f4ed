/** Where the fetcher gets the ID token: packages/auth registers the provider at start (this package never imports auth). */

export type TokenProvider = () => Promise<string | null>;

let tokenProvider: TokenProvider | null = null;

/** packages/auth registers how to get the current Firebase ID token (null when signed out). */
export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/** The token; null when the provider says signed out; undefined without a provider or when it fails. */
export async function currentToken(): Promise<string | null | undefined> {
  if (!tokenProvider) return undefined;
  try {
    return await tokenProvider();
  } catch {
    // A provider that cannot produce a token means "not signed in" for this request; the server answers 401.
    return undefined;
  }
}
