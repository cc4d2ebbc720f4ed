/** The security page's second factors as the list shows them: the authenticator apps, and the e-mail code. */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { getLocale } from '@tend/i18n';
import { useAuthTranslation } from '../i18n.ts';

/** One configured second factor (the contract's MfaConfiguration). */
export interface MfaConfigurationItem {
  /** TOTP secret id, or `email`. */
  id: string;
  type: 'totp' | 'email';
  label: string;
  default: boolean;
  createdAt: string;
  lastUsedAt?: string | null | undefined;
}

function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium' }).format(date);
}

/** A kind of second factor: a section named by its heading (`id`). */
function FactorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A small button acting on one factor; its accessible name says which ("Rename: Work phone"). */
function FactorAction(props: { action: string; factor: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Button
      variant="default"
      size="xs"
      disabled={props.disabled ?? false}
      onClick={props.onClick}
      aria-label={`${props.action}: ${props.factor}`}
    >
      {props.action}
    </Button>
  );
}

/** The authenticator apps: each with its dates and its actions (make default, rename, delete), then "add one". */
export function TotpFactors({
  totp,
  busy,
  onMakeDefault,
  onRename,
  onDelete,
  onAddTotp,
}: {
  totp: readonly MfaConfigurationItem[];
  busy: boolean;
  onMakeDefault?: ((id: string) => void) | undefined;
  onRename: (item: MfaConfigurationItem) => void;
  onDelete: (item: MfaConfigurationItem) => void;
  onAddTotp: () => void;
}) {
  const { ta } = useAuthTranslation();
  return (
    <FactorSection id="mfa-totp-title" title={ta('config.totpTitle')}>
      <Stack gap="sm">
        {totp.length === 0 ? <Text c="dimmed">{ta('config.totpNone')}</Text> : null}
        <ul
          style={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 'var(--mantine-spacing-sm)',
          }}
        >
          {totp.map((item) => (
            <li key={item.id}>
              <Paper withBorder p="md">
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Group gap="xs">
                      <Text fw={600}>{item.label}</Text>
                      {item.default ? <Badge variant="light">{ta('config.default')}</Badge> : null}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {ta('config.addedOn', { date: formatDate(item.createdAt) ?? '—' })}
                      {' · '}
                      {item.lastUsedAt
                        ? ta('config.lastUsed', { date: formatDate(item.lastUsedAt) ?? '—' })
                        : ta('config.neverUsed')}
                    </Text>
                  </div>
                  <Group gap="xs">
                    {!item.default && onMakeDefault ? (
                      <FactorAction
                        action={ta('config.makeDefault')}
                        factor={item.label}
                        disabled={busy}
                        onClick={() => onMakeDefault(item.id)}
                      />
                    ) : null}
                    <FactorAction
                      action={ta('config.rename')}
                      factor={item.label}
                      onClick={() => onRename(item)}
                    />
                    <FactorAction
                      action={ta('config.delete')}
                      factor={item.label}
                      onClick={() => onDelete(item)}
                    />
                  </Group>
                </Group>
              </Paper>
            </li>
          ))}
        </ul>
        <Group>
          <Button onClick={onAddTotp}>{ta('enrol.start')}</Button>
        </Group>
      </Stack>
    </FactorSection>
  );
}

/** The e-mail code: the default or not, turned off, or not set up (with the way to set it up). */
export function EmailFactor({
  email,
  busy,
  onMakeDefault,
  onDelete,
  onUseEmail,
}: {
  email: MfaConfigurationItem | undefined;
  busy: boolean;
  /** Makes the e-mail code the default (a call, or its set-up); absent: no such button. */
  onMakeDefault?: (() => void) | undefined;
  onDelete: (item: MfaConfigurationItem) => void;
  onUseEmail?: (() => void) | undefined;
}) {
  const { ta } = useAuthTranslation();
  return (
    <FactorSection id="mfa-email-title" title={ta('config.emailTitle')}>
      {email ? (
        <Paper withBorder p="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>{email.label}</Text>
              {email.default ? <Badge variant="light">{ta('config.default')}</Badge> : null}
            </Group>
            <Group gap="xs">
              {!email.default && onMakeDefault ? (
                <Button variant="default" size="xs" disabled={busy} onClick={onMakeDefault}>
                  {ta('config.emailMakeDefault')}
                </Button>
              ) : null}
              <Button variant="default" size="xs" onClick={() => onDelete(email)}>
                {ta('config.emailDelete')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">{ta('config.emailNone')}</Text>
          {onUseEmail ? (
            <Button variant="default" onClick={onUseEmail}>
              {ta('config.emailMakeDefault')}
            </Button>
          ) : null}
        </Stack>
      )}
    </FactorSection>
  );
}
