import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSignInFlow } from '../flow/useSignInFlow.ts';
import { useAuthTranslation } from '../i18n.ts';
import { TotpEnrolmentContainer } from '../mfa/containers.tsx';
import { useAuth } from '../session/authContext.ts';
import type { AuthUser, SignOutReason } from '../session/types.ts';
import { FlowMfaChallenge } from './FlowMfaChallenge.tsx';
import { SignInForm } from './SignInForm.tsx';

export interface SignInPanelProps {
  /** After the session starts (navigate to returnTo). */
  onSignedIn: (user: AuthUser) => void;
  /** The forgot-password page (an in-app path). */
  forgotPasswordPath?: string;
  /** Shown above the form (the app's name). */
  intro?: ReactNode;
}

const REASON_KEYS: Record<
  SignOutReason,
  'signIn.signedOut' | 'signIn.signedOutIdle' | 'signIn.signedOutExpired' | 'signIn.signedOutRefused'
> = {
  user: 'signIn.signedOut',
  idle: 'signIn.signedOutIdle',
  expired: 'signIn.signedOutExpired',
  refused: 'signIn.signedOutRefused',
};

/**
 * The whole sign-in: credentials → second factor (or enrolment for a therapist or admin without one) →
 * signed in. Moves focus to each step's heading so screen-reader users hear where they are.
 */
export function SignInPanel({ onSignedIn, forgotPasswordPath, intro }: SignInPanelProps) {
  const { ta } = useAuthTranslation();
  const { client, signOutReason } = useAuth();
  const [state, flow] = useSignInFlow(client);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = state.step;

  useEffect(() => {
    if (state.step === 'signedIn') onSignedIn(state.user);
  }, [state, onSignedIn]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const title =
    step === 'mfa' ? ta('mfa.title') : step === 'enrol' ? ta('enrol.requiredTitle') : ta('signIn.title');

  return (
    <Stack gap="lg">
      <Title order={1} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      {state.step === 'credentials' ? (
        <>
          {intro}
          {signOutReason && !state.problem ? (
            <Alert color={signOutReason === 'user' ? 'blue' : 'yellow'} role="status">
              {ta(REASON_KEYS[signOutReason])}
            </Alert>
          ) : null}
          <Text>{ta('signIn.intro')}</Text>
          <SignInForm
            defaultEmail={state.email}
            busy={state.busy}
            problem={state.problem}
            onSubmit={(email, password) => void flow.submitCredentials(email, password)}
            footer={
              forgotPasswordPath ? (
                <Anchor component={Link} to={forgotPasswordPath} size="sm">
                  {ta('signIn.forgotPassword')}
                </Anchor>
              ) : null
            }
          />
        </>
      ) : null}
      {state.step === 'mfa' ? (
        <FlowMfaChallenge state={state} flow={flow} onBack={() => void flow.restart()} />
      ) : null}
      {state.step === 'enrol' ? (
        <Stack gap="md">
          <Text>{ta('enrol.requiredIntro')}</Text>
          <TotpEnrolmentContainer onDone={() => void flow.enrolled()} />
          <Anchor component="button" type="button" size="sm" onClick={() => void flow.restart()}>
            {ta('mfa.back')}
          </Anchor>
        </Stack>
      ) : null}
      {state.step === 'signedIn' ? <Text role="status">{ta('signIn.submitting')}</Text> : null}
    </Stack>
  );
}
