import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuthTranslation } from '../../i18n.ts';
import { portalPaths } from '../paths.ts';

/** Any unknown path, inside the signed-in shell. */
export function NotFoundPage() {
  const { ta } = useAuthTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{ta('portal.notFound.title')}</Title>
      <Text>{ta('portal.notFound.body')}</Text>
      <Anchor component={Link} to={portalPaths.home}>
        {ta('portal.notFound.home')}
      </Anchor>
    </Stack>
  );
}
