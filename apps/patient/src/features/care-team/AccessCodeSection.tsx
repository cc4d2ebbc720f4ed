import { Alert, Button, CopyButton, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ProblemAlert, useSubmit } from '@tend/core';
import { secondsLeft, splitDuration, useAccessCode, useRenewAccessCode } from '@tend/domain/care-team';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { Loaded } from '../../components/Loaded.tsx';

/** The 8 characters, large and copyable; a countdown to the expiry; a new code on request. */
export function AccessCodeSection() {
  const { t } = useTranslation('patient');
  const code = useAccessCode();
  const renew = useRenewAccessCode();
  const submit = useSubmit(() => renew.mutateAsync());
  const [now, setNow] = useState(() => Date.now());
  const tick = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    tick.start();
    return tick.stop;
  }, [tick]);
  const left = code.data ? secondsLeft(code.data.expiresAt, now) : null;
  const { refetch } = code;
  // An expired code: the server gives a new one on the next read.
  useEffect(() => {
    if (left === 0) void refetch();
  }, [left, refetch]);

  return (
    <Section title={t('care-team.code.title')}>
      <Text>{t('care-team.code.intro')}</Text>
      <Loaded query={code} failed={t('care-team.code.loadFailed')}>
        {(current) => (
          <>
            <Group gap="md" align="center">
              <Text size="sm" c="dimmed">
                {t('care-team.code.label')}
              </Text>
              <Text
                ff="monospace"
                fz={40}
                fw={700}
                style={{ letterSpacing: '0.2em' }}
                data-testid="access-code"
              >
                {current.code}
              </Text>
              <CopyButton value={current.code}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} aria-live="polite">
                    {copied ? t('care-team.code.copied') : t('care-team.code.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {/* Announced only when asked for (not every second): the visible countdown is not a live region. */}
            <Text>
              {left === 0
                ? t('care-team.code.expired')
                : t('care-team.code.validFor', splitDuration(left ?? 0))}
            </Text>
            {submit.succeeded ? (
              <Alert color="teal" role="status" variant="light">
                {t('care-team.code.renewed')}
              </Alert>
            ) : null}
            <ProblemAlert problem={submit.problem} onRetry={() => void submit.submit()} />
            <Text size="sm" c="dimmed">
              {t('care-team.code.renewHelp')}
            </Text>
            <Group>
              <Button variant="default" onClick={() => void submit.submit()} loading={submit.pending}>
                {t('care-team.code.renew')}
              </Button>
            </Group>
          </>
        )}
      </Loaded>
    </Section>
  );
}
