/** The security page's second factors as the list shows them: the authenticator apps, and the e-mail code. */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
    <section aria-labelledby="mfa-totp-title">
      <Title order={2} size="h3" id="mfa-totp-title" mb="sm">
        {ta('config.totpTitle')}
      </Title>
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
                      <Button
                        variant="default"
                        size="xs"
                        disabled={busy}
                        onClick={() => onMakeDefault(item.id)}
                        aria-label={`${ta('config.makeDefault')}: ${item.label}`}
                      >
                        {ta('config.makeDefault')}
                      </Button>
                    ) : null}
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => onRename(item)}
                      aria-label={`${ta('config.rename')}: ${item.label}`}
                    >
                      {ta('config.rename')}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => onDelete(item)}
                      aria-label={`${ta('config.delete')}: ${item.label}`}
                    >
                      {ta('config.delete')}
                    </Button>
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
    </section>
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
    <section aria-labelledby="mfa-email-title">
      <Title order={2} size="h3" id="mfa-email-title" mb="sm">
        {ta('config.emailTitle')}
      </Title>
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
    </section>
  );
}
