import { Link } from 'react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { PageLayout } from '../../components/PageLayout.tsx';
import { paths } from '../../paths.ts';

/** The sections of each document, in order; each is a heading and a paragraph. */
const TERMS = ['what', 'notEmergency', 'account', 'care', 'use', 'ending', 'changes', 'contact'] as const;
const PRIVACY = ['who', 'kept', 'sees', 'not', 'export', 'erase', 'keptFor', 'complain'] as const;

type Document = 'terms' | 'privacy';

/**
 * Tend's own terms of use and privacy notice (/terms, /privacy): the pages the sign-up links to when the
 * organisation names none of its own. Plain sections of translated text; the date says which version it is.
 */
function LegalDocument({ document }: { document: Document }) {
  const { t } = useTranslation('public');
  const sections = document === 'terms' ? TERMS : PRIVACY;
  return (
    <PageLayout size="md">
      <Stack gap="lg" component="article">
        <Stack gap="xs">
          <Title order={1}>{t(`legal.${document}.title`)}</Title>
          <Text c="dimmed" size="sm">
            {t('legal.updated')}
          </Text>
          <Text size="lg">{t(`legal.${document}.intro`)}</Text>
        </Stack>
        {sections.map((id) => (
          <Stack gap="xs" component="section" key={id} aria-labelledby={`legal-${id}`}>
            <Title order={2} size="h3" id={`legal-${id}`}>
              {t(`legal.${document}.${id}.heading` as 'legal.terms.what.heading')}
            </Title>
            <Text>{t(`legal.${document}.${id}.body` as 'legal.terms.what.body')}</Text>
          </Stack>
        ))}
        <Text>
          <Anchor component={Link} to={document === 'terms' ? paths.privacy : paths.terms}>
            {document === 'terms' ? t('legal.seePrivacy') : t('legal.seeTerms')}
          </Anchor>
        </Text>
      </Stack>
    </PageLayout>
  );
}

export function TermsPage() {
  return <LegalDocument document="terms" />;
}

export function PrivacyPage() {
  return <LegalDocument document="privacy" />;
}
