import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { MessageAlert } from '@tend/api/model';
import { focusAfterRemoval, SafeText } from '@tend/ui';
import { useMessageAlertsForPublic, useMessageAlertsForUser } from './queries.ts';
import { useMessageAlertWords } from './words.ts';

const STORAGE_KEY = 'tend.dismissedAlerts';
/** An alert dismissed stays dismissed on this device until it changes (id and version). */
const keyOf = (a: MessageAlert) => `${a.id}:${a.etag}`;

function readDismissed(): string[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const COLOURS = { info: 'blue', warning: 'yellow', critical: 'red' } as const;

/**
 * Alerts that a person can dismiss: a dismissed one stays hidden on this device (its id and version kept in
 * localStorage, nothing else) until it changes. Focus, which was on the dismiss button, goes to the next
 * notice's, or to the main landmark after the last one (never lost on the removed button).
 */
function DismissibleAlerts({ alerts, live }: { alerts: readonly MessageAlert[]; live?: boolean }) {
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const ref = useRef<HTMLDivElement>(null);
  const visible = alerts.filter((a) => !dismissed.includes(keyOf(a)));
  if (visible.length === 0) return null;
  const dismiss = (a: MessageAlert) => {
    const next = [...dismissed, keyOf(a)].slice(-100);
    const container = ref.current;
    const hadFocus = Boolean(container?.contains(document.activeElement));
    setDismissed(next);
    if (hadFocus) focusAfterRemoval(container);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // not kept across visits
    }
  };
  return (
    <div ref={ref}>
      <MessageAlertCards alerts={visible} onDismiss={dismiss} live={live} />
    </div>
  );
}

/** The message alerts for the signed-in user as dismissible notices (title and body as plain text). */
export function MessageAlertNotices() {
  const alerts = useMessageAlertsForUser();
  return <DismissibleAlerts alerts={alerts.data?.items ?? []} />;
}

/**
 * The public site's current alerts (listMessageAlertsForPublic) as dismissible notices. Not announced as
 * alerts (role `note`): they arrive after the page and are not about what the visitor is doing. Nothing is
 * shown while they load or when they cannot be read.
 */
export function PublicMessageAlertNotices() {
  const alerts = useMessageAlertsForPublic();
  return <DismissibleAlerts alerts={alerts.data?.items ?? []} live={false} />;
}

/**
 * Alerts as every app shows them (the notices above, and the admin's preview): coloured by severity, title
 * and body as plain text, a "find out more" link. Dismissible when `onDismiss` is given.
 */
export function MessageAlertCards({
  alerts,
  onDismiss,
  label,
  live = true,
}: {
  alerts: readonly Pick<MessageAlert, 'id' | 'message'>[];
  onDismiss?: (alert: MessageAlert) => void;
  label?: string;
  /** Each alert announced (role `alert`, the default) or a plain note. */
  live?: boolean;
}) {
  const { td } = useMessageAlertWords();
  return (
    <Stack gap="xs" component="section" aria-label={label ?? td('message-alerts.region')}>
      {alerts.map((a) => (
        <Alert
          key={a.id}
          color={COLOURS[a.message.severity]}
          role={live ? 'alert' : 'note'}
          title={<SafeText component="span">{a.message.title}</SafeText>}
          withCloseButton={Boolean(onDismiss)}
          closeButtonLabel={td('message-alerts.dismiss', { title: a.message.title })}
          onClose={() => onDismiss?.(a as MessageAlert)}
        >
          <Text size="sm" component="div">
            <SafeText component="span">{a.message.body}</SafeText>
          </Text>
          {a.message.link ? (
            <Anchor href={a.message.link} size="sm" target="_blank" rel="noopener noreferrer">
              {td('message-alerts.more')}
            </Anchor>
          ) : null}
        </Alert>
      ))}
    </Stack>
  );
}
