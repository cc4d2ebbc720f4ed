import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useRegionWords } from './words.ts';

/** Where help is for someone the service cannot serve: emergency numbers, a helpline finder, local services. */
export function RegionHelp({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { td } = useRegionWords();
  return (
    <Stack gap="xs" component="section" aria-labelledby="region-help-title">
      <Title order={headingOrder} id="region-help-title" size="h3">
        {td('regions.helpTitle')}
      </Title>
      <List spacing="xs">
        <List.Item>
          <Text fw={600}>{td('regions.emergency')}</Text>
        </List.Item>
        <List.Item>
          {/* The link on a line of its own: in running text axe asks for more than colour (link-in-text-block). */}
          <Text>{td('regions.helpline')}</Text>
          <div>
            <Anchor
              href="https://findahelpline.com"
              target="_blank"
              rel="noopener noreferrer"
              underline="always"
            >
              {td('regions.helplineLink')}
            </Anchor>
          </div>
        </List.Item>
        <List.Item>{td('regions.local')}</List.Item>
      </List>
    </Stack>
  );
}

/** The whole region-error message (for the portals): heading, what happened, where help is. */
export function RegionError() {
  const { td } = useRegionWords();
  return (
    <Stack gap="md">
      <Title order={1}>{td('regions.heading')}</Title>
      <Text>{td('regions.body')}</Text>
      <RegionHelp />
    </Stack>
  );
}
