import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { OpenCard } from '../../components/OpenCard.tsx';
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
          <OpenCard
            key={tool.slug}
            title={t(`cbt.tools.${tool.slug as 'thought-record'}.name`)}
            about={t(`cbt.tools.${tool.slug as 'thought-record'}.about`)}
            to={to(paths.cbtTool, { tool: tool.slug })}
            openLabel={t('cbt.open', { name: t(`cbt.tools.${tool.slug as 'thought-record'}.name`) })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
