import { useState, useSyncExternalStore } from 'react';
import type { AuthClient } from '../session/authClient.ts';
import type { SignInFlow, SignInState } from './signInFlow.ts';

/** One flow for the life of the component (a sign-in, or a re-authentication), and its state. */
export function useFlow(create: () => SignInFlow): [SignInState, SignInFlow] {
  const [flow] = useState(create);
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  return [state, flow];
}

export function useSignInFlow(client: AuthClient): [SignInState, SignInFlow] {
  return useFlow(() => client.createSignInFlow());
}
