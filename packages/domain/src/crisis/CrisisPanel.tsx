import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconExternalLink, IconMessage, IconPhone } from '@tabler/icons-react';
import type { CrisisLine as OrganisationCrisisLine } from '@tend/api/model';
import { useState, type ReactNode } from 'react';
import { safeWebUrl, telHref } from '../offered/model.ts';
import { ProblemAlert, toProblem } from '@tend/core';
import { CRISIS_LINES } from './lines.ts';
import { closeCrisisPanel, useCrisisPanelState } from './panelState.ts';
import { useRequestEmergencyChat } from './queries.ts';
import { useCrisisWords } from './words.ts';
import { useWhoSees } from '../safety-net/words.ts';

/** A line's buttons grow to wrap a long name or number rather than overflow a narrow screen. */
const WRAPPING = {
  styles: { label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
  h: 'auto',
  mih: 36,
} as const;

/** An organisation's own lines (its app settings, kept on the device for offline use), instead of the built-in ones. */
function OrganisationLines({ lines }: { lines: readonly OrganisationCrisisLine[] }) {
  const { td } = useCrisisWords();
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {lines.map((line, i) => {
        const url = safeWebUrl(line.url);
        return (
          <Paper component="li" key={`${i}-${line.phone}`} withBorder p="sm" radius="md">
            <Stack gap={6}>
              <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {line.name}
              </Title>
              <Group>
                <Button
                  component="a"
                  href={telHref(line.phone)}
                  color={i === 0 ? 'red' : 'tend'}
                  leftSection={<IconPhone size={16} aria-hidden="true" />}
                  {...WRAPPING}
                >
                  {td('crisis.organisationLines.call', { phone: line.phone })}
                </Button>
                {url ? (
                  <Button
                    component="a"
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="light"
                    leftSection={<IconExternalLink size={16} aria-hidden="true" />}
                    {...WRAPPING}
                  >
                    {td('crisis.organisationLines.website', { name: line.name })}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * The urgent-help lines with their call or text links: the organisation's own when it sets them (`lines`),
 * else the built-in ones (static: works offline and with the server down).
 */
export function CrisisLines({ lines }: { lines?: readonly OrganisationCrisisLine[] | undefined } = {}) {
  const { td } = useCrisisWords();
  if (lines && lines.length > 0) return <OrganisationLines lines={lines} />;
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {CRISIS_LINES.map((line) => (
        <Paper component="li" key={line.id} withBorder p="sm" radius="md">
          <Stack gap={6}>
            <Title order={3} size="h5">
              {td(`crisis.lines.${line.id}.name`)}
            </Title>
            <Text size="sm">{td(`crisis.lines.${line.id}.when`)}</Text>
            <Group>
              <Button
                component="a"
                href={line.href}
                color={line.id === 'emergency' ? 'red' : 'tend'}
                leftSection={
                  line.kind === 'call' ? (
                    <IconPhone size={16} aria-hidden="true" />
                  ) : (
                    <IconMessage size={16} aria-hidden="true" />
                  )
                }
              >
                {td(`crisis.lines.${line.id}.action`)}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The emergency chat request, offered to every signed-in patient whose organisation offers urgent chat, naming
 * who receives it: the care team's therapists, or the organisation's clinicians on duty while there is none.
 */
export function EmergencyChatRequest({ chatLink }: { chatLink?: (label: string) => ReactNode }) {
  const { td } = useCrisisWords();
  const request = useRequestEmergencyChat();
  const { who, response } = useWhoSees();
  const [message, setMessage] = useState('');
  const send = () =>
    request.mutate({ data: { message: message.trim() || td('crisis.emergencyChat.defaultMessage') } });
  return (
    <Stack gap="xs" component="section" aria-labelledby="emergency-chat-heading">
      <Title order={3} size="h5" id="emergency-chat-heading">
        {td('crisis.emergencyChat.heading', { who })}
      </Title>
      {request.isSuccess ? (
        <Stack gap="xs">
          <Alert color="teal" role="status">
            {td('crisis.emergencyChat.sent', { who })}
          </Alert>
          {chatLink?.(td('crisis.emergencyChat.open'))}
        </Stack>
      ) : (
        <>
          <Text size="sm">
            {td('crisis.emergencyChat.intro', { who })}
            {response ? ` ${response}` : ''}
          </Text>
          <Textarea
            label={td('crisis.emergencyChat.message', { who })}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <Group>
            <Button onClick={send} loading={request.isPending} variant="filled">
              {td('crisis.emergencyChat.request')}
            </Button>
          </Group>
          <ProblemAlert
            problem={request.error ? toProblem(request.error) : null}
            title={td('crisis.emergencyChat.failed')}
            onRetry={send}
          />
        </>
      )}
    </Stack>
  );
}

export interface CrisisModalProps {
  /** Signed in: the emergency chat is offered (to the care team, or the clinicians on duty). */
  signedIn: boolean;
  /** The link to the chat page, once an emergency chat is requested. */
  chatLink?: (label: string) => ReactNode;
  /** The app's own links after the lines (the patient app: the safety plan). */
  children?: ReactNode;
  /** The patient's organisation's crisis lines, shown instead of the built-in ones when there are any. */
  organisationLines?: readonly OrganisationCrisisLine[] | undefined;
  /** Whether the organisation offers the urgent chat with the care team (default true). */
  offersUrgentChat?: boolean;
}

/**
 * The one crisis panel (a dialog), opened by openCrisisPanel(): the urgent-help lines first, then, signed in,
 * the emergency chat. In the safety flow (PHQ-9 item 9 above 0) it opens with a compassionate message.
 */
export function CrisisModal({
  signedIn,
  chatLink,
  children,
  organisationLines,
  offersUrgentChat = true,
}: CrisisModalProps) {
  const { td } = useCrisisWords();
  const { open, reason, stored } = useCrisisPanelState();
  return (
    // The compound form: the dialog's header is a plain div (a <header> inside the dialog would be a second
    // banner landmark for assistive technology).
    <Modal.Root opened={open} onClose={closeCrisisPanel} size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...({ component: 'div' } as object)}>
          <Modal.Title>{td('crisis.title')}</Modal.Title>
          <Modal.CloseButton aria-label={td('crisis.close')} />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md" data-testid="crisis-panel">
            {reason === 'safety' ? (
              <Alert color="tend" variant="light">
                <Stack gap={4}>
                  <Text size="sm">{td('crisis.safetyIntro')}</Text>
                  {stored && signedIn ? <SafetyStored /> : null}
                </Stack>
              </Alert>
            ) : (
              <Text size="sm">{td('crisis.intro')}</Text>
            )}
            <CrisisLines lines={organisationLines} />
            {children}
            {signedIn && offersUrgentChat ? <EmergencyChatRequest chatLink={chatLink} /> : null}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** After the safety flow stored the answer: who will see it (the therapists by name, or the duty team). */
function SafetyStored() {
  const { td } = useCrisisWords();
  const { who } = useWhoSees();
  return <Text size="sm">{td('crisis.safetyStored', { who })}</Text>;
}
