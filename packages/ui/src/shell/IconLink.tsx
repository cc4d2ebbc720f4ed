import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface IconLinkProps {
  to: string;
  /** A Tabler icon element, decorative (`aria-hidden`): the visible text names the link. */
  icon: ReactNode;
  children: ReactNode;
}

/** A small in-app link with an icon before its text ("Past conversations", "Back to the chat"). */
export function IconLink({ to, icon, children }: IconLinkProps) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        {icon}
        {children}
      </Group>
    </Anchor>
  );
}
