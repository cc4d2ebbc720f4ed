import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { reportErrorSafely, UNCAUGHT_EXCEPTION } from '@tend/ui';
import { useAuthTranslation } from '../i18n.ts';
import { isGuardRefusal, isReportedNavigationFailure } from './routes.ts';

/**
 * The routes' errorElement: "no access" when a rule refused, else the translated generic message. Failed
 * navigations (loaders, lazy pages) are logged and reported by watchNavigationFailures; an error thrown while a
 * page renders never reaches the app's ErrorBoundary (the router catches it), so it is logged and reported
 * here as 'Uncaught exception'.
 */
export function RouteError({ homePath = '/' }: { homePath?: string }) {
  const { t, ta } = useAuthTranslation();
  const error = useRouteError();
  useEffect(() => {
    if (isRouteErrorResponse(error) || isReportedNavigationFailure(error)) return;
    console.error(UNCAUGHT_EXCEPTION, error);
    reportErrorSafely(UNCAUGHT_EXCEPTION, error, { source: 'route' });
  }, [error]);
  const refused = isGuardRefusal(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Stack gap="md" p="xl" maw={640} mx="auto" component="main" id="main">
      <Title order={1}>
        {refused ? ta('guard.forbiddenTitle') : notFound ? t('errors.title') : ta('guard.failedTitle')}
      </Title>
      <Text>{refused ? ta('guard.forbiddenBody') : t('Error_SomethingWentWrong')}</Text>
      <Anchor component={Link} to={homePath}>
        {ta('guard.goHome')}
      </Anchor>
    </Stack>
  );
}
