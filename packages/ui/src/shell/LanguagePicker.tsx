import { NativeSelect } from '@mantine/core';
import { changeLanguage, LANGUAGES, useTranslation } from '@tend/i18n';

export interface LanguageOption {
  code: string;
  /** The language's name in that language, e.g. 'English', 'Français'. */
  label: string;
}

export interface LanguagePickerProps {
  /** Default: every language of @tend/i18n's LANGUAGES. */
  languages?: readonly LanguageOption[];
  /** Told after the interface switched (e.g. to save the account's language). */
  onChange?: (code: string) => void;
  /** Hide the visible label (it stays the accessible name). */
  compact?: boolean;
}

/** A native select: the most robust language picker for keyboards, screen readers and touch. */
export function LanguagePicker({ languages, onChange, compact = false }: LanguagePickerProps) {
  const { t, i18n } = useTranslation();
  const options = languages ?? LANGUAGES.map((l) => ({ code: l.code, label: t(l.labelKey) }));
  const value = i18n.resolvedLanguage ?? i18n.language;
  return (
    <NativeSelect
      label={t('shell.language')}
      labelProps={compact ? { className: 'tend-visually-hidden' } : undefined}
      w={compact ? '7.5rem' : undefined}
      value={options.some((o) => o.code === value) ? value : options[0]?.code}
      data={options.map((o) => ({ value: o.code, label: o.label }))}
      onChange={(event) => {
        const code = event.currentTarget.value;
        void changeLanguage(code, i18n).then(() => onChange?.(code));
      }}
    />
  );
}
