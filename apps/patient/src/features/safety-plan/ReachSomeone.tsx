import { Button, Group, List, Text } from '@mantine/core';
import { IconMessage, IconPhone } from '@tabler/icons-react';
import { callHref, contactsOf, textHref, type SafetyPlan } from '@tend/domain/safety-plan';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/**
 * "Call or text now": the saved plan's people and services that have a phone number, each number a button
 * that dials it (`tel:`) and, for a mobile or a text line, one that opens a text to it (`sms:`). Shown above
 * the plan's form, so that in a bad moment reaching someone is the first thing on the page.
 */
export function ReachSomeone({ plan }: { plan: SafetyPlan }) {
  const { t } = useTranslation('patient');
  const contacts = contactsOf(plan).filter((c) => c.phones.length > 0);
  if (contacts.length === 0) return null;
  return (
    <Section title={t('safety-plan.reach.title')}>
      <Text>{t('safety-plan.reach.intro')}</Text>
      <List listStyleType="none" spacing="sm" p={0}>
        {contacts.map((contact) => (
          <List.Item key={`${contact.section}:${contact.entry}`}>
            <Text fw={600} className="tend-user-text">
              {contact.name}
            </Text>
            <Group gap="xs" mt={4}>
              {contact.phones.map((phone) => {
                const words = { name: contact.name, number: phone.typed };
                return [
                  phone.call ? (
                    <Button
                      key={`call:${phone.dial}`}
                      component="a"
                      href={callHref(phone)}
                      leftSection={<IconPhone size={18} aria-hidden="true" />}
                      className="tend-wrapping-button"
                    >
                      <span className="tend-user-text">{t('safety-plan.reach.call', words)}</span>
                    </Button>
                  ) : null,
                  phone.text ? (
                    <Button
                      key={`text:${phone.dial}`}
                      component="a"
                      href={textHref(phone)}
                      variant="default"
                      leftSection={<IconMessage size={18} aria-hidden="true" />}
                      className="tend-wrapping-button"
                    >
                      <span className="tend-user-text">{t('safety-plan.reach.text', words)}</span>
                    </Button>
                  ) : null,
                ];
              })}
            </Group>
          </List.Item>
        ))}
      </List>
    </Section>
  );
}
