import { useEffect, type RefObject } from 'react';

/** Scrolls `el` into the middle of its scrolling box (a dialog's body, the page) and gives it the focus. */
export function revealError(el: HTMLElement): void {
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  el.focus({ preventScroll: true });
}

/**
 * A form's error message is the answer to its submit, so the reader must meet it where they are: pressing
 * "Continue to payment" at the bottom of a long dialog showed the error at its top, out of sight, and nothing
 * happened as far as they could see. When the message appears inside a form, and again after every later submit
 * of that form while it still shows (the same sentence twice is not a change React would render), it is scrolled
 * into view and focused, which also has screen readers read it out. A message outside a form (a page that could
 * not load) is left where it is: nobody asked for it by pressing a button.
 * (docs/decisions/0060-phone-polish-and-browser-language.md)
 */
export function useRevealInForm(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const el = ref.current;
    const form = el?.closest('form');
    if (!enabled || !el || !form) return;
    revealError(el);
    let frame = 0;
    // After the submit handler ran and React rendered its outcome: still here, so the submit failed again.
    const again = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => el.isConnected && revealError(el));
    };
    form.addEventListener('submit', again);
    return () => {
      cancelAnimationFrame(frame);
      form.removeEventListener('submit', again);
    };
  }, [ref, enabled]);
}
