import { Anchor, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { useAcceptStaffInvitation, useStaffInvitationPreview } from '@tend/domain/staff';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { SendForm, SentPanel } from '../../components/SendStatus.tsx';
import { TokenPage, TokenPending } from '../../components/TokenPage.tsx';

const MIN_PASSWORD = 12;

/**
 * `/staff/invitation?token=…`: the page a staff invitation e-mail links to. It says who is invited to which
 * organisation as what, and the person chooses a password; their console then asks them to set up two-step
 * verification on the first sign-in.
 */
export function StaffInvitationPage() {
  const { t } = useTranslation('public');
  return <TokenPage heading={t('invitation.heading')}>{(token) => <Invitation token={token} />}</TokenPage>;
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation('public');
  const preview = useStaffInvitationPreview(token);
  const accept = useAcceptStaffInvitation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', again: '' },
    validate: {
      password: (v: string) =>
        v.length < MIN_PASSWORD ? t('invitation.tooShort', { count: MIN_PASSWORD }) : null,
      again: (v: string, values: { password: string }) =>
        v !== values.password ? t('invitation.mismatch') : null,
    },
  });
  const send = useSubmit((password: string) => accept.mutateAsync({ data: { token, password } }), { form });
  if (preview.isPending) {
    return <TokenPending label={t('invitation.loading')} />;
  }
  if (preview.error || !preview.data) {
    const problem = toProblem(preview.error);
    return (
      <ProblemAlert
        problem={problem}
        message={problem.code === 'already_accepted' ? t('invitation.accepted') : t('invitation.invalid')}
      />
    );
  }
  const invitation = preview.data;
  if (send.succeeded && send.data) {
    return (
      <SentPanel>
        <Stack gap="xs" component="span">
          <span>{t('invitation.done')}</span>
          <Anchor href={send.data.signInUrl} fw={600}>
            {send.data.console === 'admin' ? t('invitation.signInAdmin') : t('invitation.signInTherapist')}
          </Anchor>
        </Stack>
      </SentPanel>
    );
  }
  return (
    <Stack gap="md">
      <Text style={{ overflowWrap: 'anywhere' }}>
        <SafeText component="span" inherit>
          {t('invitation.intro', {
            name: invitation.firstName,
            organisation: invitation.organisationName,
            role: t(`invitation.roles.${invitation.role}`),
          })}
        </SafeText>
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <SafeText component="span" inherit>
          {t('invitation.account', { email: invitation.email })}
        </SafeText>
      </Text>
      <SendForm form={form} send={send} request={(v) => v.password} submitLabel={t('invitation.submit')}>
        <input type="email" autoComplete="username" value={invitation.email} readOnly hidden />
        <PasswordInput
          label={t('invitation.password')}
          description={t('invitation.passwordHint', { count: MIN_PASSWORD })}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('invitation.again')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('again')}
        />
        <Text size="sm">{t('invitation.mfa')}</Text>
      </SendForm>
    </Stack>
  );
}
