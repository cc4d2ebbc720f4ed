/** The patient app's English words as the app loads them (src/locales/en.json plus each feature's words). */
import { resolve } from 'node:path';
import { buildTranslationFile } from '@tend/i18n/files';

export const en = buildTranslationFile(
  { app: 'patient', appLocalesDir: resolve(import.meta.dirname, '../locales') },
  'en',
)!.patient!;
