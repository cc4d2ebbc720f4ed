import type { Organisation } from '@tend/api/model';
import { useTranslation } from '@tend/i18n';
import { LogoField } from './LogoField.tsx';
import { OwnSectionForm } from './OwnSectionForm.tsx';
import type { SettingSpec } from './SettingsForm.tsx';

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Europe/London'];
  }
};

/**
 * The organisation's details: name (always its own), contact, address, country, timezone, the addresses of
 * its own terms of use and privacy notice (linked from the sign-up) and logo.
 */
export function DetailsForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const fields: SettingSpec[] = [
    { name: 'name', label: t('organisations.details.name'), kind: 'text', own: true, wide: true },
    {
      name: 'contactEmail',
      label: t('organisations.details.contactEmail'),
      kind: 'email',
      description: t('organisations.details.contactEmailHint'),
    },
    { name: 'phone', label: t('organisations.details.phone'), kind: 'text' },
    { name: 'address', label: t('organisations.details.address'), kind: 'text', wide: true },
    {
      name: 'country',
      label: t('organisations.details.country'),
      kind: 'text',
      description: t('organisations.details.countryHint'),
    },
    {
      name: 'timezone',
      label: t('organisations.details.timezone'),
      kind: 'choice',
      searchable: true,
      options: zones().map((z) => ({ value: z, label: z })),
    },
    {
      name: 'termsUrl',
      label: t('organisations.details.termsUrl'),
      kind: 'text',
      wide: true,
      description: t('organisations.details.termsUrlHint'),
    },
    {
      name: 'privacyUrl',
      label: t('organisations.details.privacyUrl'),
      kind: 'text',
      wide: true,
      description: t('organisations.details.privacyUrlHint'),
    },
    {
      name: 'logoUrl',
      label: t('organisations.details.logo'),
      kind: 'custom',
      wide: true,
      render: (props) => <LogoField {...props} />,
    },
  ];
  return (
    <OwnSectionForm
      organisation={organisation}
      section="details"
      fields={fields}
      words={{
        title: t('organisations.details.title'),
        saveLabel: t('organisations.details.save'),
        savedText: t('organisations.details.saved'),
        loadingText: t('organisations.details.loading'),
      }}
    />
  );
}
