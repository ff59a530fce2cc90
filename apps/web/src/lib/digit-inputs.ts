import { westernDigits } from '@cusp/shared';

/**
 * Digits typed on an Arabic or Persian keyboard (docs/decisions/0061-arabic-everywhere-web.md): every field where
 * digits are typed shows and sends them as ASCII digits, as the shared schemas read them (`westernDigits`).
 * One listener for the whole page rather than a wrapper per input: Mantine's NumberInput (react-number-format)
 * drops characters it does not know before any onChange of ours could see them, and a field added later is
 * covered without anyone remembering to. A field of digits is one the keyboard is told about (`inputmode`
 * numeric, decimal or tel, `type="tel"`: Mantine's NumberInput sets `inputmode`) or one marked `data-digits`
 * (an IBAN, a date, a duration). Free text (a message, a name) is left as typed.
 */
export const DIGIT_FIELD = 'input[inputmode="numeric"], input[inputmode="decimal"], input[inputmode="tel"], input[type="tel"], input[data-digits]';

// The prototype's setter: assigning `input.value` would also update React's own record of the value, and React
// would then see no change and call no onChange.
const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

function onInput(event: Event): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.matches(DIGIT_FIELD)) return;
  const ascii = westernDigits(input.value);
  if (ascii === input.value) return;
  // One character for one: the caret stays where it was.
  const { selectionStart, selectionEnd } = input;
  setNativeValue?.call(input, ascii);
  // (an input without a caret, type="number", has null here)
  if (selectionStart !== null && document.activeElement === input) input.setSelectionRange(selectionStart, selectionEnd);
}

/** Listens in the capture phase, before React's own listener on the app's root reads the value. Returns the undo. */
export function installDigitInputs(target: Document = document): () => void {
  target.addEventListener('input', onInput, true);
  return () => target.removeEventListener('input', onInput, true);
}
