import type { SignInFlow, SignInState } from '../flow/signInFlow.ts';
import { MfaChallengeForm } from '../mfa/MfaChallengeForm.tsx';

/** The form wired to a sign-in (or re-authentication) flow at its `mfa` step. */
export function FlowMfaChallenge({
  state,
  flow,
  onBack,
}: {
  state: Extract<SignInState, { step: 'mfa' }>;
  flow: SignInFlow;
  onBack?: () => void;
}) {
  return (
    <MfaChallengeForm
      options={state.options}
      method={state.method}
      busy={state.busy}
      problem={state.problem}
      emailCodeSentAt={state.emailCodeSentAt}
      onChooseMethod={(o) => void flow.chooseMethod(o)}
      onSendEmailCode={() => void flow.sendEmailCode()}
      onSubmit={(code) => void flow.submitCode(code)}
      {...(onBack ? { onBack } : {})}
    />
  );
}
