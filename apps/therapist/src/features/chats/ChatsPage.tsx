import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from '@tend/i18n';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { MyChatList } from './MyChatList.tsx';
import { RequestList } from './RequestList.tsx';
import { SoundToggle } from './SoundToggle.tsx';

/** /chats: the people waiting for a chat (emergencies first, arriving live), then my open chats with unread counts. */
export function ChatsPage() {
  const { t } = useTranslation('therapist');
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('chats.titles.chats')}</Title>
        <Group gap="lg">
          <SoundToggle />
          <Anchor component={Link} to={paths.chatHistory} size="sm">
            <Group gap={4} component="span">
              <IconHistory size={16} aria-hidden="true" />
              {t('chats.pastChats')}
            </Group>
          </Anchor>
        </Group>
      </Group>
      <RequestList />
      <MyChatList />
    </Stack>
  );
}
