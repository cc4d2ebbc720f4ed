import { ResearchConsentSetting } from '@tend/domain/research';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/** Research and records: the research answer (where the organisation asks) and how long what the patient logs is kept. */
export function ResearchSection() {
  const { t } = useTranslation('patient');
  return (
    <Section title={t('account.research.title')}>
      <ResearchConsentSetting />
    </Section>
  );
}
