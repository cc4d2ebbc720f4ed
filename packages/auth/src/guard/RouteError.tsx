import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useAuthTranslation } from '../i18n.ts';
import { isGuardRefusal } from './routes.ts';

/**
 * The routes' errorElement: "no access" when a rule refused, else the translated generic message. Failed
 * navigations are logged and reported by watchNavigationFailures (not here, so never twice).
 */
export function RouteError({ homePath = '/' }: { homePath?: string }) {
  const { t, ta } = useAuthTranslation();
  const error = useRouteError();
  const refused = isGuardRefusal(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Stack gap="md" p="xl" maw={640} mx="auto" component="main" id="main">
      <Title order={1}>{refused ? ta('guard.forbiddenTitle') : notFound ? t('errors.title') : ta('guard.failedTitle')}</Title>
      <Text>{refused ? ta('guard.forbiddenBody') : t('Error_SomethingWentWrong')}</Text>
      <Anchor component={Link} to={homePath}>
        {ta('guard.goHome')}
      </Anchor>
    </Stack>
  );
}
