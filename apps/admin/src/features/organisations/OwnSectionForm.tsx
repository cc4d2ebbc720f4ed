import { formRules, reloadOf } from '@tend/core';
import { type FormValidateInput } from '@mantine/form';
import type { Organisation } from '@tend/api/model';
import {
  updateOrganisationAppSettingsBody,
  updateOrganisationDetailsBody,
  updateOrganisationResearchSettingsBody,
} from '@tend/api/zod';
import {
  useOwnSection,
  useSaveSection,
  type OwnSectionName,
  type OwnSections,
} from '@tend/domain/organisations';
import { SettingsForm, type SettingSpec } from './SettingsForm.tsx';

type Values = Record<string, unknown>;

/** Each section's limits and formats, from the contract's PATCH body. */
const VALIDATE: Record<OwnSectionName, FormValidateInput<Values>> = {
  details: formRules(updateOrganisationDetailsBody) as FormValidateInput<Values>,
  appSettings: formRules(updateOrganisationAppSettingsBody) as FormValidateInput<Values>,
  researchSettings: formRules(updateOrganisationResearchSettingsBody) as FormValidateInput<Values>,
};

export interface OwnSectionFormProps {
  organisation: Organisation;
  section: OwnSectionName;
  fields: SettingSpec[];
  words: { title: string; saveLabel: string; savedText: string; loadingText: string };
}

/**
 * A section whose read and save are the organisation's own values (details, app settings, research
 * settings): the form sends every field it edits (null = inherited), so what is stored is what is shown.
 */
export function OwnSectionForm({ organisation, section, fields, words }: OwnSectionFormProps) {
  const own = useOwnSection(organisation.id, section);
  const saver = useSaveSection(section);
  const merged =
    section === 'details'
      ? organisation.details
      : section === 'appSettings'
        ? organisation.appSettings
        : organisation.researchSettings;
  return (
    <SettingsForm<OwnSections[typeof section]['resource']>
      id={section}
      {...words}
      fields={fields}
      own={own}
      merged={merged}
      hasParent={Boolean(organisation.parentOrganisation)}
      save={(values, etag) =>
        saver.mutateAsync({
          organisation: organisation.id,
          data: values as OwnSections[typeof section]['patch'],
          headers: { ETag: etag },
        })
      }
      reload={reloadOf(own)}
      validate={VALIDATE[section]}
    />
  );
}
