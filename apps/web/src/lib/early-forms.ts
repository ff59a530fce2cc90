/**
 * What a reader typed into, and submitted from, a page's forms before the app took the page over
 * (docs/decisions/0024-forms-before-hydration.md).
 *
 * Prerendered and server-rendered pages arrive with their forms on screen, seconds before the app can
 * act on them on a slow phone. The boot script (apps/web/scripts/prerender.mjs) records every value
 * typed into them and holds back a submit (the page would otherwise be sent as a plain GET, password in
 * the address). When the app has rendered, `adoptEarlyForms` hands both to the forms now on screen:
 * - a field React adopted (hydration) or replaced (the frame's footer, rendered again) gets its value
 *   back through a real `input` event, so a controlled field's state and react-hook-form's values see it
 *   as typed (react-hook-form empties a field it registers to its default value; a controlled field's
 *   empty state would empty it on its next render);
 * - the field that had the focus keeps it;
 * - a held submit is made again, now that the form's own handler is there.
 */

/** Written by the boot script; absent in a page that did not arrive rendered (tests, `vite` dev). */
export interface EarlyForms {
  typed: Map<Element, string>;
  submitted: HTMLFormElement | null;
  /** Set once the app has taken over: from then on the boot script's listeners let everything through. */
  live: boolean;
}

declare global {
  interface Window {
    __cuspEarlyForms?: EarlyForms;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;

function isField(element: Element | null): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/**
 * Where a form sits, in words that survive React rendering the frame again: the landmark around it
 * (header, main, footer...), its place among that landmark's forms, and the field's name or label.
 */
function formKey(form: HTMLFormElement, root: ParentNode): string {
  const landmark = form.closest('header, main, footer, nav, aside') ?? root;
  const forms = [...(landmark as ParentNode).querySelectorAll('form')];
  return `${landmark instanceof Element ? landmark.tagName : 'root'}|${forms.indexOf(form)}`;
}

function fieldKey(field: Field): string {
  return field.name || field.getAttribute('aria-label') || field.id || field.type;
}

/** The element now on screen that stands where `element` stood (itself when React adopted it). */
function counterpart<T extends Element>(element: T, oldRoot: ParentNode, root: HTMLElement, pick: (form: HTMLFormElement) => T | null): T | null {
  if (root.contains(element)) return element;
  const form = element instanceof HTMLFormElement ? element : element.closest('form');
  if (!form) return null;
  const key = formKey(form, oldRoot);
  const match = [...root.querySelectorAll('form')].find((candidate) => formKey(candidate, root) === key);
  return match ? pick(match) : null;
}

/** Sets a field's value as typing would: React's value tracker sees a change, and onChange runs. */
function typeInto(field: Field, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) return;
  // Through the element's own setter (React's tracker records "") then the prototype's (it does not):
  // the tracker then differs from the value, which is how React tells typing from its own writes.
  field.value = '';
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Gives the forms now on screen what was typed and submitted before the app took over. Call once the
 * app's first render is committed, before the browser paints (App's layout effect).
 */
export function adoptEarlyForms(root: HTMLElement, early: EarlyForms | undefined = window.__cuspEarlyForms): void {
  if (!early || early.live) return;
  early.live = true;
  const { typed, submitted } = early;
  early.typed = new Map();
  early.submitted = null;
  const focused = document.activeElement;
  // The frame React replaced is detached now; its forms' places are read from their old landmarks.
  const detachedRoot = (element: Element): ParentNode => {
    let top: Element = element;
    while (top.parentElement) top = top.parentElement;
    return top;
  };

  // The last field typed into (the map keeps the order of typing), to keep the focus in it when React
  // replaced it, or where it still is.
  const lastTyped = [...typed.keys()].at(-1);
  let focusTarget: Field | null = null;
  for (const [element, value] of typed) {
    if (!isField(element) || element.readOnly || element.disabled) continue;
    const target = counterpart(element, detachedRoot(element), root, (form) =>
      [...form.querySelectorAll('input, textarea')].filter(isField).find((field) => fieldKey(field) === fieldKey(element)) ?? null,
    );
    if (!target) continue;
    typeInto(target, value);
    if (element === lastTyped && (focused === element || !root.contains(focused))) focusTarget = target;
  }
  if (focusTarget && document.activeElement !== focusTarget) focusTarget.focus({ preventScroll: true });

  if (submitted) {
    submitted.removeAttribute('aria-busy');
    const form = counterpart(submitted, detachedRoot(submitted), root, (match) => match);
    // In a task of its own: the values typed above are state updates that React renders first, and the
    // form's handler reads them from that render.
    if (form) setTimeout(() => form.isConnected && form.requestSubmit());
  }
}
