import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { WelfareEmailRequest, WelfareEmailText } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  contactsOf,
  textHref,
  useSendWelfareEmail,
  useWelfarePreview,
  type Contact,
  type SafetyPlan,
} from '@tend/domain/safety-plan';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { Section } from '../../components/Section.tsx';

/** The request for one supporter: the care-first e-mail, with the patient's own words when given. */
const requestFor = (email: string, message: string): WelfareEmailRequest => ({
  targetEmailAddresses: [email],
  careFirstStyleEmail: true,
  ...(message.trim() ? { personalMessage: message.trim() } : {}),
});

/** Someone among "People I can ask for help" who can be e-mailed or sent a text. */
const canBeToldOf = (c: Contact) => c.section === 'helpers' && (c.email || c.phones.some((p) => p.text));

/**
 * "Let someone know": a supporter from the saved plan, then the exact e-mail shown first and sent by Tend, or
 * the exact text opened in the phone's own messages app (nothing is sent until the patient sends it there).
 */
export function LetSomeoneKnow({ plan }: { plan: SafetyPlan }) {
  const { t } = useTranslation('patient');
  const supporters = contactsOf(plan).filter(canBeToldOf);
  const [chosen, setChosen] = useState<string>('');
  const person = supporters.find((s) => s.entry === chosen);
  const email = person?.email ?? '';
  const mobile = person?.phones.find((p) => p.text);
  const [message, setMessage] = useState('');
  const textBody = [t('safety-plan.tell.textBody'), message.trim()].filter(Boolean).join('\n\n');
  const [previewed, setPreviewed] = useState<{ key: string; text: WelfareEmailText } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const preview = useWelfarePreview();
  const send = useSendWelfareEmail();
  const key = JSON.stringify(requestFor(email, message));
  const showPreview = useSubmit((request: WelfareEmailRequest) => preview.mutateAsync(request), {
    onSuccess: (text, request) => setPreviewed({ key: JSON.stringify(request), text }),
  });
  const sendIt = useSubmit((request: WelfareEmailRequest) => send.mutateAsync({ data: request }), {
    onSuccess: (_accepted, request) => {
      setSentTo(request.targetEmailAddresses[0] ?? '');
      setPreviewed(null);
    },
  });
  const current = previewed && previewed.key === key ? previewed.text : null;
  return (
    <Section title={t('safety-plan.tell.title')}>
      <Text>{t('safety-plan.tell.intro')}</Text>
      {supporters.length === 0 ? (
        <Text>{t('safety-plan.tell.none')}</Text>
      ) : (
        <>
          <Radio.Group label={t('safety-plan.tell.who')} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt="xs">
              {supporters.map((s) => (
                <Radio
                  key={s.entry}
                  value={s.entry}
                  label={<span className="tend-user-text">{s.entry}</span>}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('safety-plan.tell.message')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
          {person && mobile ? (
            <Paper withBorder p="md" component="section" aria-labelledby="text-preview">
              <Stack gap="xs">
                <Title order={3} size="h4" id="text-preview" className="tend-user-text">
                  {t('safety-plan.tell.textTitle', { name: person.name, number: mobile.typed })}
                </Title>
                <SafeText size="sm" data-testid="text-preview-text">
                  {textBody}
                </SafeText>
                <Group>
                  <Button component="a" href={textHref(mobile, textBody)} className="tend-wrapping-button">
                    <span className="tend-user-text">
                      {t('safety-plan.tell.textSend', { name: person.name })}
                    </span>
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('safety-plan.tell.textHow')}
                </Text>
              </Stack>
            </Paper>
          ) : null}
          {email ? (
            <>
              <ProblemAlert
                problem={showPreview.problem}
                onRetry={() => void showPreview.submit(requestFor(email, message))}
              />
              <Group>
                <Button
                  variant="default"
                  disabled={!email}
                  loading={showPreview.pending}
                  onClick={() => void showPreview.submit(requestFor(email, message))}
                >
                  {t('safety-plan.tell.preview')}
                </Button>
              </Group>
              {previewed && !current ? <Text size="sm">{t('safety-plan.tell.changed')}</Text> : null}
              {current ? (
                <Paper withBorder p="md" component="section" aria-labelledby="welfare-preview">
                  <Stack gap="xs">
                    <Title order={3} size="h4" id="welfare-preview">
                      {t('safety-plan.tell.previewTitle', { email })}
                    </Title>
                    <Text fw={600}>{t('safety-plan.tell.subject', { subject: current.subject })}</Text>
                    <SafeText size="sm" data-testid="welfare-preview-text">
                      {current.text}
                    </SafeText>
                    <ProblemAlert
                      problem={sendIt.problem}
                      onRetry={() => void sendIt.submit(requestFor(email, message))}
                    />
                    <Group>
                      <Button
                        onClick={() => void sendIt.submit(requestFor(email, message))}
                        loading={sendIt.pending}
                      >
                        {t('safety-plan.tell.send')}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              ) : null}
            </>
          ) : null}
          {sentTo ? (
            <Alert color="teal" role="status" variant="light">
              {t('safety-plan.tell.sent', { email: sentTo })}
            </Alert>
          ) : null}
        </>
      )}
    </Section>
  );
}
