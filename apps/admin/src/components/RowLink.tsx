import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One row of a long list that leads to the item's page: its title (text, never markup), a line under it and
 * the chevron. Plain elements with @tend/ui's row classes (rows.css): scrolling through thousands mounts
 * hundreds of rows, and a Mantine component per piece made those frames long.
 */
export function RowLink({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Link to={to} className="tend-row tend-row-split mantine-focus-auto" data-center="">
      <span className="tend-row-stack">
        <span className="tend-row-title tend-row-usertext">{title}</span>
        <span className="tend-row-line">{children}</span>
      </span>
      <IconChevronRight className="tend-row-icon" size={18} aria-hidden="true" />
    </Link>
  );
}
