import { Box, Container, type ContainerProps } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import type { MouseEvent, ReactNode } from 'react';

/** The id of every page's main landmark, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/** The first thing a keyboard reaches on every page: moves focus to the main landmark. */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="tend-skip-link" onClick={skip}>
      {t('shell.skipToContent')}
    </a>
  );
}

export interface PageFrameProps {
  /** The header bar's content (the product's name, logos, actions). */
  header: ReactNode;
  /** At the top of the main landmark, above the page: the server-status notice. */
  banner?: ReactNode;
  /** The main column's width. */
  size?: ContainerProps['size'];
  /** The header's width; default the main column's, at least `md`. */
  headerSize?: ContainerProps['size'];
  children: ReactNode;
}

/**
 * The frame of every page outside the signed-in shell (the public site, the portals' sign-in pages): a skip
 * link, a header bar, and the main landmark with the banner (the server-status notice) above the page.
 */
export function PageFrame({ header, banner, size = 'sm', headerSize, children }: PageFrameProps) {
  return (
    <>
      <SkipLink />
      <Box
        component="header"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container
          size={headerSize ?? (size === 'xs' || size === 'sm' || typeof size === 'number' ? 'md' : size)}
        >
          {header}
        </Container>
      </Box>
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        size={size}
        py="xl"
        className="tend-main"
      >
        {banner}
        {children}
      </Container>
    </>
  );
}
