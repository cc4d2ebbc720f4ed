import type { ReactNode } from 'react';
import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { isEmailWhitelistedQueryEmailMax } from '@tend/api/zod';
import { ProblemAlert } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { checkPassword, type PasswordRule } from './password.ts';
import type { SignupForm } from './signupForm.ts';
import type { SignupFlow } from './useSignupFlow.ts';

export function StepForm({ children, onSubmit }: { children: ReactNode; onSubmit: () => void }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

export function StepButtons({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('public');
  return (
    <Group>
      <Button variant="default" onClick={onBack}>
        {t('signup.back')}
      </Button>
      <Button type="submit">{t('signup.continue')}</Button>
    </Group>
  );
}

export function PasswordRules({ password, email }: { password: string; email: string }) {
  const { t } = useTranslation('public');
  const labels: Record<PasswordRule, string> = {
    length: t('signup.account.rules.length'),
    letter: t('signup.account.rules.letter'),
    number: t('signup.account.rules.number'),
    notEmail: t('signup.account.rules.notEmail'),
  };
  return (
    <div id="password-rules">
      <Text size="sm" fw={600}>
        {t('signup.account.rulesTitle')}
      </Text>
      <List size="sm" spacing={2}>
        {checkPassword(password, email).map((check) => (
          <List.Item key={check.rule} c={check.ok && password ? 'tend.9' : undefined}>
            {check.ok && password ? '✓ ' : '○ '}
            {labels[check.rule]}
            <span className="tend-visually-hidden">
              {' '}
              ({check.ok && password ? t('signup.account.ruleMet') : t('signup.account.ruleNotMet')})
            </span>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** The last failed action of the sign-up, in its words (nothing when it is a field's error). */
export function SignupProblem({ flow }: { flow: SignupFlow }) {
  const { t } = useTranslation('public');
  const message = flow.problem?.wording.message;
  if (!flow.problem || !message) return null;
  return (
    <ProblemAlert
      problem={flow.problem.problem}
      title={t('signup.errors.title')}
      message={t(message.key as 'signup.errors.generic', message.values)}
      onRetry={flow.retry}
    />
  );
}

/** The e-mail, asked on the first step (joining by e-mail) or the second (by code); locked once the account exists. */
export function EmailField({ form, flow, label }: { form: SignupForm; flow: SignupFlow; label: string }) {
  const { t } = useTranslation('public');
  const locked = Boolean(flow.progress.uid);
  return (
    <TextInput
      type="email"
      autoComplete="email"
      label={label}
      withAsterisk
      maxLength={isEmailWhitelistedQueryEmailMax}
      disabled={locked}
      description={locked ? t('signup.organisation.locked') : undefined}
      {...form.getInputProps('email')}
    />
  );
}
