import { useState, type FormEvent } from 'react';
import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { REVIEW_TEXT_MAX, reviewReplyInput } from '@cusp/shared';
import { notifySuccess } from '@/lib/notify';
import { useOrderMessages } from '@/lib/order-messages';
import { useMe } from '@/features/auth';
import { PageLoader } from '@/components/PageLoader';
import { FormMessage } from '@/components/FormMessage';
import { formatDate } from '@/lib/format';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import type { ReviewsFilter } from '../api/keys';
import { useReplyToReview, useReviews } from '../api/reviews';
import { Stars } from './Stars';
import type { Review } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

/** The designer's one reply to a review (docs/product.md §5.7): a button that opens a short form. */
function ReplyForm({ review }: { review: Review }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const reply = useReplyToReview(review.id);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  if (!open) {
    return (
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        {t('orders.reviews.reply')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewReplyInput.safeParse({ text });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    reply.mutate(parsed.data, {
      onSuccess: () => notifySuccess(t('orders.reviews.replied')),
      onError: (failed) => setError(fieldMessages(failed).text ? message(fieldMessages(failed).text) : failure(failed, t('orders.actions.failed'))),
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label={t('orders.reviews.replyLabel', { name: userName(t, review.buyer.username) })}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={reply.isPending}>
            {t('orders.reviews.replySubmit')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setOpen(false)} disabled={reply.isPending}>
            {t('orders.reviews.replyCancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Buyers' reviews (docs/product.md §5.7), newest first: of one service (its detail page) or of every service of one
 * designer (the profile's Reviews tab, which names the service of each review).
 */
export function ReviewsList({ filter }: { filter: ReviewsFilter }) {
  const { t, locale } = useI18n();
  const reviews = useReviews(filter);
  const { user } = useMe();
  const showService = 'userId' in filter;

  if (reviews.isPending) return <PageLoader label={t('orders.reviews.loading')} />;
  if (reviews.isError) return <FormMessage tone="error">{t('orders.reviews.failed')}</FormMessage>;
  const items = reviews.data;
  if (items.length === 0) return <Text c="dimmed">{t('orders.reviews.empty')}</Text>;

  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('orders.reviews.listLabel')}>
      {items.map((review) => (
        <Paper component="li" key={review.id} withBorder radius="md" p="md" data-testid="review">
          <Stack gap={6}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm" wrap="nowrap">
                <Avatar src={review.buyer.image || DEFAULT_AVATAR} alt="" size={32} radius="xl" />
                <Stack gap={0}>
                  <Text fw={600} size="sm" dir="auto">
                    {userName(t, review.buyer.username)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(review.createdAt, locale)}
                  </Text>
                </Stack>
              </Group>
              <Stars value={review.star} />
            </Group>
            {showService ? (
              <Anchor component={Link} to={`/services/${review.serviceId}`} size="sm" fw={600}>
                {review.serviceTitle}
              </Anchor>
            ) : null}
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
              {review.desc}
            </Text>
            {review.reply ? (
              <Paper bg="var(--mantine-color-gray-0)" radius="sm" p="sm" ms="md" data-testid="review-reply">
                <Text size="xs" fw={600} c="dimmed">
                  {t('orders.reviews.replyFrom')} · {formatDate(review.reply.createdAt, locale)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
                  {review.reply.text}
                </Text>
              </Paper>
            ) : user?.id === review.sellerId ? (
              <ReplyForm review={review} />
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
