import { useTranslation } from '@tend/i18n';
import { useEffect } from 'react';

/** 'Page – Tend', or 'Tend' alone. */
export function formatPageTitle(title: string | undefined, productName: string): string {
  const page = title?.trim();
  return page ? `${page} – ${productName}` : productName;
}

/** Sets document.title while the component is shown (WCAG 2.4.2: each page has a title). */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const full = formatPageTitle(title, t('ProductName'));
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/** `<PageTitle title={t('…')} />` in a page: sets document.title, renders nothing. */
export function PageTitle({ title }: { title: string | undefined }) {
  usePageTitle(title);
  return null;
}
