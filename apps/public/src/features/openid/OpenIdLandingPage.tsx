import { useEffect, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { getRuntimeConfig } from '@tend/config/runtime';
import { ProblemAlert, toProblem } from '@tend/core';
import { useOpenIdCallback } from '@tend/domain/openid';
import { useLangQueryParam, useTranslation } from '@tend/i18n';
import { reportErrorSafely } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { isValidClientId } from '../../paths.ts';
import { appOpenLink } from './handover.ts';
import { authorisedName, initialViews, readOpenIdQuery, type OpenIdView } from './views.ts';

/**
 * The OpenID landing page `openid/{client}` (and `{client}` on the sign-up host): Loading while
 * POST /iams/openid/loginCallback runs (once per link: a query keyed by it), then Authorised (handing over to
 * the app) or Error. An error of the provider, or an incomplete link, is shown at once without Back; after a
 * failed callback, Back returns to Loading and runs the callback again. Errors are said in the app's words
 * (the provider's description and the server's text are reported, never shown).
 */
export function OpenIdLandingPage() {
  const { client = '' } = useParams();
  const location = useLocation();
  useLangQueryParam(location.search);
  const { t } = useTranslation('public');
  const query = useMemo(() => readOpenIdQuery(location.search), [location.search]);
  const incomplete = query.error === null && (!query.code || !query.state || !isValidClientId(client));
  const first: OpenIdView = incomplete
    ? { kind: 'error', messageKey: 'openid.missingCode' }
    : (initialViews(query)[0] as OpenIdView);
  const callback = useOpenIdCallback(
    first.kind === 'loading' && query.state && query.code
      ? { clientID: client, state: query.state, code: query.code }
      : null,
  );

  // An error from the provider is reported (once), with its description.
  useEffect(() => {
    if (query.error !== null) {
      reportErrorSafely('OpenID login error', new Error(query.errorDescription || query.error), {
        client,
        error: query.error,
        page: 'openid',
      });
    }
  }, [client, query.error, query.errorDescription]);

  // Each failed callback is logged and reported.
  useEffect(() => {
    if (!callback.error) return;
    console.error('OpenID login callback failed', callback.error);
    reportErrorSafely('OpenID login callback failed', callback.error, { client, page: 'openid' });
  }, [callback.error, client]);

  let view: OpenIdView;
  if (first.kind === 'error') view = first;
  else if (callback.isFetching || callback.isPending) view = { kind: 'loading' };
  else if (callback.isError)
    view = { kind: 'error', problem: toProblem(callback.error), back: () => void callback.refetch() };
  else
    view = {
      kind: 'authorised',
      name: authorisedName(callback.data),
      link: appOpenLink(getRuntimeConfig(), client, callback.data.handoverToken),
    };

  return (
    <PageLayout>
      {view.kind === 'loading' && (
        <Stack gap="md" align="center" py="xl">
          <Title order={1}>{t('openid.signingIn')}</Title>
          <Loader aria-hidden="true" />
          <Text size="lg" role="status">
            {t('openid.pleaseWait')}
          </Text>
        </Stack>
      )}
      {view.kind === 'authorised' && <Authorised name={view.name} link={view.link} />}
      {view.kind === 'error' && (
        <Stack gap="md" align="flex-start">
          <Title order={1}>{t('openid.errorTitle')}</Title>
          {view.problem ? (
            <ProblemAlert problem={view.problem} />
          ) : (
            <Alert color="red" variant="light" role="alert" w="100%">
              <Text style={{ overflowWrap: 'anywhere' }}>{t(view.messageKey)}</Text>
            </Alert>
          )}
          <Text>{t('openid.errorHelp')}</Text>
          {view.back && (
            <Button variant="default" onClick={view.back}>
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
