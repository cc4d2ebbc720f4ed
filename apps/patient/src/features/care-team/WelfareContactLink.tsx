import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { paths } from '../../paths.ts';

/** The way to the welfare contact page: the one person the care team may e-mail to check in on the patient. */
export function WelfareContactLink() {
  const { t } = useTranslation('patient');
  return (
    <Section title={t('care-team.welfare.title')}>
      <Text>{t('care-team.welfare.text')}</Text>
      <Group>
        <Button component={Link} to={paths.welfareContact} variant="light">
          {t('care-team.welfare.link')}
        </Button>
      </Group>
    </Section>
  );
}
