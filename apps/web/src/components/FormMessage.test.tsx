import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FormMessage } from './FormMessage';

/** A form whose every submit fails with the same sentence, its button far below it. */
function FailingForm() {
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        setError('Choose at least one tooth.');
      }}
    >
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <button type="submit">Continue</button>
    </form>
  );
}

describe('FormMessage', () => {
  // Made in each test: the config restores every spy before a test (restoreMocks).
  const spyOnScroll = () => vi.spyOn(HTMLElement.prototype, 'scrollIntoView');

  it("brings a form's error into view and gives it the focus, again after each failed submit", async () => {
    const scrolled = spyOnScroll();
    const { user } = renderWithProviders(<FailingForm />);
    const button = screen.getByRole('button', { name: 'Continue' });
    await user.click(button);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(alert);

    // The same sentence again: nothing for React to change, yet the reader pressed the button and must see it.
    scrolled.mockClear();
    await user.click(button);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(alert);
  });

  it('leaves an error outside a form (a page that could not load) and a confirmation where they are', () => {
    const scrolled = spyOnScroll();
    renderWithProviders(
      <>
        <FormMessage tone="error">The list could not be loaded.</FormMessage>
        <form>
          <FormMessage tone="success">Saved.</FormMessage>
        </form>
      </>,
    );
    expect(screen.getByRole('alert')).not.toHaveFocus();
    expect(screen.getByText('Saved.').closest('[role="status"]')).not.toHaveFocus();
    expect(scrolled).not.toHaveBeenCalled();
  });
});
