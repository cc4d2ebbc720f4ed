/** Signing the benchmark's patients in like the apps do, against the benchmark's own emulator and server. */

const PASSWORD = 'Tend-demo-2026';

export async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs a patient in like the apps do: the ID token of a custom-token session. */
export async function signIn(emulatorHost: string, server: string, email: string): Promise<string> {
  const rest = (method: string, body: unknown) =>
    fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(body as object), returnSecureToken: true }),
    });
  const password = await json<{ idToken: string }>(
    await rest('signInWithPassword', { email, password: PASSWORD }),
    `sign-in of ${email}`,
  );
  const minted = await json<{ customToken: string }>(
    await fetch(`${server}/iams/auth/customToken?scope=patient`, { headers: { idToken: password.idToken } }),
    'customToken',
  );
  const session = await json<{ idToken: string }>(
    await rest('signInWithCustomToken', { token: minted.customToken }),
    'signInWithCustomToken',
  );
  return session.idToken;
}
