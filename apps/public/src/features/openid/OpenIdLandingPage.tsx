import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCompleteOpenIdLogin } from '@tend/api';
import { getRuntimeConfig } from '@tend/config/runtime';
import { useLangQueryParam, useTranslation } from '@tend/i18n';
import { reportErrorSafely } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { isValidClientId } from '../../paths.ts';
import { appOpenLink } from './handover.ts';
import { authorisedName, callbackErrorMessage, initialViews, readOpenIdQuery, type OpenIdView } from './views.ts';

type View = OpenIdView | { kind: 'authorised'; name?: string | undefined; link: string };

/**
 * The OpenID landing page `openid/{client}` (and `{client}` on the sign-up host): Loading while
 * POST /iams/openid/loginCallback runs, then Authorised (handing over to the app) or Error.
 */
export function OpenIdLandingPage() {
  const { client = '' } = useParams();
  const location = useLocation();
  useLangQueryParam(location.search);
  const { t } = useTranslation('public');
  const query = useMemo(() => readOpenIdQuery(location.search), [location.search]);
  const [views, setViews] = useState<View[]>(() => {
    if (query.error === null && (!query.code || !query.state || !isValidClientId(client))) {
      return [{ kind: 'error', message: t('openid.missingCode') }];
    }
    return initialViews(query);
  });
  const current = views[views.length - 1] as View;
  const login = useCompleteOpenIdLogin();
  const running = useRef(false);

  // An error from the provider is shown as given, and reported (once).
  useEffect(() => {
    if (query.error !== null) {
      reportErrorSafely('OpenID login error', new Error(query.errorDescription || query.error), {
        client,
        error: query.error,
        page: 'openid',
      });
    }
  }, [client, query.error, query.errorDescription]);

  const { mutate } = login;
  useEffect(() => {
    if (current.kind !== 'loading' || running.current || !query.code || !query.state) return;
    running.current = true;
    mutate(
      { params: { state: query.state, code: query.code, clientID: client } },
      {
        onSuccess: (result) => {
          const link = appOpenLink(getRuntimeConfig(), client, result.handoverToken);
          setViews((stack) => [...stack, { kind: 'authorised', name: authorisedName(result), link }]);
        },
        onError: (error) => {
          console.error('OpenID login callback failed', error);
          reportErrorSafely('OpenID login callback failed', error, { client, page: 'openid' });
          setViews((stack) => [...stack, { kind: 'error', message: callbackErrorMessage(error) }]);
        },
        onSettled: () => {
          running.current = false;
        },
      },
    );
  }, [current.kind, mutate, query.code, query.state, client]);

  const back = useCallback(() => setViews((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)), []);

  return (
    <PageLayout>
      {current.kind === 'loading' && (
        <Stack gap="md" align="center" py="xl">
          <Title order={1}>{t('openid.signingIn')}</Title>
          <Loader aria-hidden="true" />
          <Text size="lg" role="status">
            {t('openid.pleaseWait')}
          </Text>
        </Stack>
      )}
      {current.kind === 'authorised' && 'link' in current && <Authorised name={current.name} link={current.link} />}
      {current.kind === 'error' && (
        <Stack gap="md" align="flex-start">
          <Title order={1}>{t('openid.errorTitle')}</Title>
          <Alert color="red" variant="light" role="alert" w="100%">
            <Text style={{ overflowWrap: 'anywhere' }}>{current.message}</Text>
          </Alert>
          <Text>{t('openid.errorHelp')}</Text>
          {views.length > 1 && (
            <Button variant="default" onClick={back}>
              {t('openid.back')}
            </Button>
          )}
        </Stack>
      )}
    </PageLayout>
  );
}

function Authorised({ name, link }: { name?: string | undefined; link: string }) {
  const { t } = useTranslation('public');
  // After the sign-in the app-open link hands over to the mobile app.
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(link), 1500);
    return () => clearTimeout(timer);
  }, [link]);
  return (
    <Stack gap="md" align="center" ta="center">
      <img src="/assets/images/openid/success.svg" alt={t('openid.successImage')} width={96} height={96} />
      <Title order={1}>{t('openid.authorisedTitle')}</Title>
      <Text size="lg">{name ? t('openid.authorisedAs', { name }) : t('openid.authorised')}</Text>
      <Text>
        {t('openid.redirecting')} <Anchor href={link}>{t('openid.redirectLink')}</Anchor>.
      </Text>
      <Group>
        <Button component="a" href={link} size="lg">
          {t('openid.openApp')}
        </Button>
      </Group>
    </Stack>
  );
}
