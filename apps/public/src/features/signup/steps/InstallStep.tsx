import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { getRuntimeConfig } from '@tend/config/runtime';
import { useTranslation } from '@tend/i18n';
import { isValidClientId, paths, publicSiteHref } from '../../../paths.ts';

/**
 * The last step: welcome, the organisation joined, and the way in: the patient web app first, signed in by a
 * single-use hand-over made when the button is pressed (the app is another origin: this page's session cannot
 * be shared; opened in a new tab, or when no hand-over can be made, the person signs in there with what they
 * just chose), then the phone. The phone
 * guide is the one of the OpenID client the sign-up came from (`?client=`), else the general one: the new
 * account signs in with its e-mail and password, never through another organisation's sign-in service.
 */
export function InstallStep({
  name,
  email,
  organisation,
  client: rawClient,
  patientScope,
  patientAppEntry,
}: {
  name: string;
  email: string;
  organisation: string | null;
  client: string | null;
  patientScope: boolean;
  /** The patient web app's address to open (with the hand-over when there is one). */
  patientAppEntry: (patientUrl: string) => Promise<string>;
}) {
  const { t } = useTranslation('public');
  const client = isValidClientId(rawClient ?? undefined) ? (rawClient as string) : undefined;
  const appUrl = getRuntimeConfig().patientUrl;
  const patientUrl = `${appUrl}/`;
  const [opening, setOpening] = useState(false);
  /** A plain click signs in on the way; a new tab or window (modifier keys) opens the app's sign-in. */
  async function openWebApp(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (opening) return;
    setOpening(true);
    window.location.assign(await patientAppEntry(appUrl));
  }
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
        <Text style={{ overflowWrap: 'anywhere' }}>
          {patientScope
            ? t('signup.install.openWebSignedIn', { email })
            : t('signup.install.openWebHelp', { email })}
        </Text>
        <Group>
          <Button component="a" href={patientUrl} size="md" onClick={openWebApp} loading={opening}>
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
