import type { ReactNode } from 'react';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

interface BackLinkProps {
  to: string;
  children: ReactNode;
  /** Only as wide as its text, not the whole column it stands in. */
  fitContent?: boolean;
}

/** The small "← back to …" link above a page's heading; the arrow turns round on right-to-left pages. */
export function BackLink({ to, children, fitContent = false }: BackLinkProps) {
  return (
    <Anchor component={Link} to={to} size="sm" w={fitContent ? 'fit-content' : undefined}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden className="rtl-flip" />
        {children}
      </Group>
    </Anchor>
  );
}
