import { getContrastColor, useMantineTheme } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import './rows.css';

export interface RowBadgeProps {
  children: ReactNode;
  /** A theme colour (default the primary colour). */
  color?: string;
  variant?: 'light' | 'filled' | 'outline' | 'default';
  /** An icon before the words (aria-hidden). */
  leftSection?: ReactNode;
  role?: string;
  'aria-label'?: string;
  title?: string;
}

/**
 * Mantine's Badge (size sm) as one plain `<span>` for the rows of long lists, where hundreds mount while
 * scrolling (rows.css: the same size, shape and theme colours).
 */
export function RowBadge({ children, color, variant = 'light', leftSection, ...rest }: RowBadgeProps) {
  const theme = useMantineTheme();
  const c = color ?? theme.primaryColor;
  const style = {
    // Text on a filled colour as Mantine's Badge chooses it (the theme's autoContrast: black or white, whichever
    // reaches AA).
    '--tend-badge-filled-color':
      variant === 'filled' ? getContrastColor({ color: c, theme, autoContrast: true }) : undefined,
    '--tend-badge-light': `var(--mantine-color-${c}-light)`,
    '--tend-badge-light-color': `var(--mantine-color-${c}-light-color)`,
    '--tend-badge-filled': `var(--mantine-color-${c}-filled)`,
    '--tend-badge-outline': `var(--mantine-color-${c}-outline)`,
  } as CSSProperties;
  return (
    <span className="tend-badge" data-variant={variant} style={style} {...rest}>
      {leftSection}
      {children}
    </span>
  );
}
