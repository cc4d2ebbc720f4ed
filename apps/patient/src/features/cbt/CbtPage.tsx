import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@tend/i18n';
import { paths, to } from '../../paths.ts';
import { CBT_TOOLS } from './tools.ts';

/** The CBT toolkit: each exercise with a short explanation of the technique. */
export function CbtPage() {
  const { t } = useTranslation('patient');
  return (
    <Stack gap="md">
      <Title order={1}>{t('cbt.title')}</Title>
      <Text maw={760}>{t('cbt.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {CBT_TOOLS.map((tool) => (
          <Card key={tool.slug} withBorder radius="md">
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t(`cbt.tools.${tool.slug as 'thought-record'}.name`)}
                </Title>
                <Text size="sm">{t(`cbt.tools.${tool.slug as 'thought-record'}.about`)}</Text>
              </Stack>
              <Button component={Link} to={to(paths.cbtTool, { tool: tool.slug })} variant="light">
                {t('cbt.open', { name: t(`cbt.tools.${tool.slug as 'thought-record'}.name`) })}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
