import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useOpenIdProviders } from '@tend/domain/openid';
import { useTranslation } from '@tend/i18n';
import { isValidClientId, paths, publicSiteHref } from '../../../paths.ts';

/** The last step: welcome, the organisation joined, and the install guide of the client (or a choice of them). */
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
  const providers = useOpenIdProviders({ enabled: !fixedClient });
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
            <GuideLink path={paths.guide(client, 'ios')}>{t('signup.install.ios')}</GuideLink>
            <GuideLink path={paths.guide(client, 'android')}>{t('signup.install.android')}</GuideLink>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The install guide: in this app, or on the public site when this is the sign-up host (which has no guide). */
function GuideLink({ path, children }: { path: string; children: React.ReactNode }) {
  const href = publicSiteHref(path);
  return href === path ? (
    <Button component={Link} to={path}>
      {children}
    </Button>
  ) : (
    <Button component="a" href={href}>
      {children}
    </Button>
  );
}
