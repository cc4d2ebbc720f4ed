import { describe, expect, it, vi } from 'vitest';
import { patientAppEntry, type SignupCalls } from './createAccount.ts';

const calls = (createHandover: SignupCalls['createHandover']) =>
  ({ createHandover }) as unknown as SignupCalls;

describe('the way into the patient web app from the last step', () => {
  it('carries a single-use hand-over in the fragment, never in the query', async () => {
    const url = await patientAppEntry(
      calls(async () => 'tok_en-1'),
      'https://app.example',
    );
    expect(url).toBe('https://app.example/authentication/welcome#handover=tok_en-1');
    expect(new URL(url).search).toBe('');
  });

  it('opens the app (to sign in there) when no hand-over can be made', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const url = await patientAppEntry(
      calls(async () => Promise.reject(new Error('offline'))),
      'https://app.example',
    );
    expect(url).toBe('https://app.example/');
  });
});
