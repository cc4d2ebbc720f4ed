import { Link } from 'react-router';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { getRuntimeConfig } from '@tend/config/runtime';
import { useTranslation } from '@tend/i18n';
import { isValidClientId, paths, publicSiteHref } from '../../../paths.ts';

/**
 * The last step: welcome, the organisation joined, and the way in: the patient web app first (a new tab's
 * session is its own, so the person signs in there with what they just chose), then the phone. The phone
 * guide is the one of the OpenID client the sign-up came from (`?client=`), else the general one: the new
 * account signs in with its e-mail and password, never through another organisation's sign-in service.
 */
export function InstallStep({
  name,
  email,
  organisation,
  client: rawClient,
  patientScope,
}: {
  name: string;
  email: string;
  organisation: string | null;
  client: string | null;
  patientScope: boolean;
}) {
  const { t } = useTranslation('public');
  const client = isValidClientId(rawClient ?? undefined) ? (rawClient as string) : undefined;
  const patientUrl = `${getRuntimeConfig().patientUrl}/`;
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
      <Stack gap="xs">
        <Text style={{ overflowWrap: 'anywhere' }}>{t('signup.install.openWebHelp', { email })}</Text>
        <Group>
          <Button component="a" href={patientUrl} size="md">
            {t('signup.install.openWeb')}
          </Button>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('signup.install.onPhone')}
        </Title>
        {client ? (
          <>
            <Text>{t('signup.install.orgGuide')}</Text>
            <Group>
              <GuideLink path={paths.guide(client, 'ios')}>{t('signup.install.ios')}</GuideLink>
              <GuideLink path={paths.guide(client, 'android')}>{t('signup.install.android')}</GuideLink>
            </Group>
          </>
        ) : (
          <Text>{t('signup.install.phoneSteps')}</Text>
        )}
      </Stack>
    </Stack>
  );
}

/** The install guide: in this app, or on the public site when this is the sign-up host (which has no guide). */
function GuideLink({ path, children }: { path: string; children: React.ReactNode }) {
  const href = publicSiteHref(path);
  return href === path ? (
    <Button variant="default" component={Link} to={path}>
      {children}
    </Button>
  ) : (
    <Button variant="default" component="a" href={href}>
      {children}
    </Button>
  );
}
