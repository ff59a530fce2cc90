import { useId, useState, type FormEvent } from 'react';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_TEXT_MAX, reviewInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useCreateReview } from '../api/reviews';
import { useOrderMessages } from '@/lib/order-messages';
import { StarRatingInput } from './StarRatingInput';
import { fieldMessages } from '@/lib/form-errors';

/** The order comes from the page; the buyer gives the stars and the text. */
const reviewFields = reviewInput.pick({ star: true, desc: true });

/** The buyer's one review of a completed order (docs/product.md §5.7): 1 to 5 stars and a few words. */
export function ReviewForm({ orderId }: { orderId: string }) {
  const { t, number } = useI18n();
  const { message, failure } = useOrderMessages();
  const legendId = useId();
  const create = useCreateReview();
  const [star, setStar] = useState(0);
  const [desc, setDesc] = useState('');
  const [errors, setErrors] = useState<{ star?: string; desc?: string }>({});
  const [formError, setFormError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = reviewFields.safeParse({ star, desc });
    if (!parsed.success) {
      const found: { star?: string; desc?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'star' || field === 'desc') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate({ orderId, ...parsed.data }, {
      onSuccess: () => notifySuccess(t('orders.review.thanks')),
      onError: (error) => {
        const fields = fieldMessages(error);
        if (fields.star || fields.desc) setErrors({ star: fields.star, desc: fields.desc });
        else setFormError(failure(error, t('orders.review.failed')));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Text component="legend" fw={500} size="sm" id={legendId} p={0}>
            {t('orders.review.stars')}
          </Text>
          <StarRatingInput
            value={star}
            onChange={(value) => {
              setStar(value);
              setErrors((e) => ({ ...e, star: undefined }));
            }}
            labelFor={(value) => t('orders.review.starLabel', { count: value, star: number(value) })}
            describedBy={errors.star ? `${legendId}-error` : undefined}
            invalid={!!errors.star}
          />
          {errors.star ? (
            <Text id={`${legendId}-error`} size="sm" c="var(--mantine-color-error)" role="alert" mt={4}>
              {message(errors.star)}
            </Text>
          ) : null}
        </fieldset>
        <Textarea
          label={t('orders.review.text')}
          placeholder={t('orders.review.placeholder')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REVIEW_TEXT_MAX}
          value={desc}
          onChange={(event) => {
            setDesc(event.currentTarget.value);
            setErrors((e) => ({ ...e, desc: undefined }));
          }}
          error={message(errors.desc)}
        />
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('orders.review.submit')}
        </Button>
      </Stack>
    </form>
  );
}
