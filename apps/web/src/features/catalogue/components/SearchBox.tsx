import { useState, type FormEvent } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

interface SearchBoxProps {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
}

/** A labelled search field that applies on Enter or on its button (not on every key). */
export function SearchBox({ label, placeholder, value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    // the URL changed (back button, a link): show what is searched now
    setSynced(value);
    setDraft(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} style={{ flex: '1 1 16rem' }}>
      <TextInput
        label={label}
        type="search"
        placeholder={placeholder ?? t('catalogue.gigs.searchPlaceholder')}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t('catalogue.gigs.submitSearch')}>
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
