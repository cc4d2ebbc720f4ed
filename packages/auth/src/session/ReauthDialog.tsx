import { Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useFlow } from '../flow/useSignInFlow.ts';
import { useAuthTranslation } from '../i18n.ts';
import { FlowMfaChallenge } from '../components/FlowMfaChallenge.tsx';
import { SignInForm } from '../components/SignInForm.tsx';
import { useAuth } from './authContext.ts';

/** Password (e-mail fixed to the signed-in user) and, when the user has one, the second factor again. */
export default function ReauthDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  const { ta } = useAuthTranslation();
  const { client, user } = useAuth();
  const [state, flow] = useFlow(() => client.createReauthFlow());
  const done = useRef(false);
  useEffect(() => {
    if (state.step === 'signedIn' && !done.current) {
      done.current = true;
      onDone(true);
    }
  }, [state.step, onDone]);

  return (
    <Modal
      opened
      onClose={() => onDone(false)}
      title={ta('reauth.title')}
      closeButtonProps={{ 'aria-label': ta('reauth.cancel') }}
    >
      <Stack gap="md">
        {state.step === 'credentials' ? (
          <>
            <Text>{ta('reauth.intro')}</Text>
            <SignInForm
              defaultEmail={user?.email ?? state.email}
              emailReadOnly={Boolean(user?.email)}
              busy={state.busy}
              problem={state.problem}
              submitLabel={ta('reauth.submit')}
              onSubmit={(email, password) => void flow.submitCredentials(email, password)}
            />
          </>
        ) : null}
        {state.step === 'mfa' ? <FlowMfaChallenge state={state} flow={flow} /> : null}
      </Stack>
    </Modal>
  );
}
