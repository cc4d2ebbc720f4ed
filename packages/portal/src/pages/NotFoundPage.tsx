import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePortalTranslation } from '../i18n.ts';
import { portalPaths } from '../paths.ts';

/** Any unknown path, inside the signed-in shell. */
export function NotFoundPage() {
  const { tp } = usePortalTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{tp('notFound.title')}</Title>
      <Text>{tp('notFound.body')}</Text>
      <Anchor component={Link} to={portalPaths.home}>
        {tp('notFound.home')}
      </Anchor>
    </Stack>
  );
}
