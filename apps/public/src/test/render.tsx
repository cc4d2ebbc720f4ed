import type { ReactElement } from 'react';
import { renderWithProviders, type RenderWithProvidersOptions } from '@tend/ui/test-utils';
import en from '../locales/en.json';

/** The render helper with the public app's English strings. */
export function renderPublic(
  ui: ReactElement,
  options: Omit<RenderWithProvidersOptions, 'translations'> = {},
) {
  return renderWithProviders(ui, { ...options, translations: { app: 'public', resources: en } });
}

export { en };
