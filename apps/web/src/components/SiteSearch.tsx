import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';

/**
 * The search box of the header and the home page (docs/product.md §7.4). A plain form that GETs `/gigs?search=...`: it works
 * before the app is hydrated, on the prerendered page, with no script of its own (docs/decisions/0024); once the app
 * runs, it moves to the list without reloading. The field is uncontrolled, so what was typed before hydration stays.
 */
export function SiteSearch({ size = 'sm', label, className }: { size?: 'sm' | 'lg'; /** Each search landmark on a page needs its own name. */ label?: string; className?: string }) {
  const { t } = useTranslation();
  const name = label ?? t('nav.search');
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    void navigate(search ? `/gigs?search=${encodeURIComponent(search)}` : '/gigs');
  };
  return (
    <form role="search" aria-label={name} action="/gigs" method="get" onSubmit={submit} className={className}>
      <TextInput
        name="search"
        type="search"
        size={size}
        maxLength={100}
        aria-label={name}
        placeholder={t('nav.searchPlaceholder')}
        rightSection={
          <ActionIcon type="submit" variant="subtle" size={size === 'lg' ? 'lg' : 'md'} aria-label={t('nav.submitSearch')}>
            <IconSearch size={size === 'lg' ? 20 : 16} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
