import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, List, NativeSelect, Stack, Text } from '@mantine/core';
import { useListOpenIdProviders } from '@tend/api';
import { useTranslation } from '@tend/i18n';
import { isValidClientId, paths } from '../../paths.ts';
import { checkPassword, type PasswordRule } from './password.ts';

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

export function InstallStep({
  name,
  organisation,
  client: rawClient,
  patientScope,
}: {
  name: string;
  organisation: string | null;
  client: string | null;
  patientScope: boolean;
}) {
  const { t } = useTranslation('public');
  const fixedClient = isValidClientId(rawClient ?? undefined) ? (rawClient as string) : undefined;
  const providers = useListOpenIdProviders({ query: { enabled: !fixedClient, staleTime: Infinity } });
  const options = providers.data?.providers ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const client = fixedClient ?? chosen ?? options[0]?.clientId;
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="tend" variant="light" role="status" w="100%">
        {t('signup.install.intro', { name })}
        {organisation && patientScope ? ` ${t('signup.install.joined', { organisation })}` : ''}
      </Alert>
      {!patientScope && (
        <Alert color="yellow" variant="light" w="100%">
          {t('signup.install.scopePending')}
        </Alert>
      )}
      {!fixedClient && options.length > 1 && (
        <NativeSelect
          label={t('signup.install.chooseClient')}
          data={options.map((p) => ({ value: p.clientId, label: p.serviceName ?? p.name }))}
          value={client}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
      )}
      {client && (
        <>
          <Text fw={600}>{t('signup.install.choosePhone')}</Text>
          <Group>
            <Button component={Link} to={paths.guide(client, 'ios')}>
              {t('signup.install.ios')}
            </Button>
            <Button component={Link} to={paths.guide(client, 'android')}>
              {t('signup.install.android')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
