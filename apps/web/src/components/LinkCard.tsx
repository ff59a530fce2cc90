import type { ReactNode } from 'react';
import { Anchor, AspectRatio, Card, Image, Stack, type AnchorProps, type MantineSpacing } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_COVER } from '@/lib/images';
import classes from './LinkCard.module.css';

interface LinkCardProps {
  padding?: MantineSpacing;
  /** A picture across the top (the default cover when `src` is empty); the content then fills the rest. */
  cover?: { src: string | null | undefined; ratio: number };
  children: ReactNode;
}

/**
 * A card of a grid (a service, a course, a designer) that is one click target: its LinkCardTitle
 * covers the whole card, and the card lifts on hover and focus.
 */
export function LinkCard({ padding = 'md', cover, children }: LinkCardProps) {
  return (
    <Card withBorder radius="md" padding={padding} className={classes.card} h="100%">
      {cover ? (
        <>
          <Card.Section>
            <AspectRatio ratio={cover.ratio}>
              <Image src={cover.src || DEFAULT_COVER} fallbackSrc={DEFAULT_COVER} alt="" />
            </AspectRatio>
          </Card.Section>
          <Stack gap="xs" mt="md" style={{ flex: 1 }}>
            {children}
          </Stack>
        </>
      ) : (
        children
      )}
    </Card>
  );
}

/** The card's name, a link whose click area is the whole LinkCard. */
export function LinkCardTitle({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode; dir?: string }) {
  return (
    <Anchor component={Link} to={to} className={classes.link} fw={600} c="dark" {...props}>
      {children}
    </Anchor>
  );
}

/** The star before a card's rating. */
export function RatingStar() {
  return <IconStarFilled size={16} aria-hidden className={classes.star} />;
}
