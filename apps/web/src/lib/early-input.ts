/**
 * What a reader did on a server-rendered page before React hydrated it. React keeps the text
 * typed into a field meanwhile, but its state still holds the server's value: the form would
 * send the empty value, and the next render would wipe the field. So once hydrated, each field
 * whose value differs from the server's tells React, as typing would; then a submit the page
 * held (apps/server/src/ssr/document.ts) is sent again.
 */

declare global {
  interface Window {
    /** A submit made before hydration, held (and kept from React) by the document's first script. */
    __inquireHeldSubmit?: { form: HTMLFormElement; submitter: HTMLElement | null };
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Fields whose `value` is what a person typed; checkable ones are handled by `checked`. */
const CHECKABLE = new Set(['checkbox', 'radio']);
const IGNORED = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden']);

/** Fields typed into before hydration, with what they held when React took over. */
export interface EarlyInput {
  /** Tells React of them; call in a task of its own, after the hydration commit. */
  replay(): void;
}

/**
 * Reads, at the hydration commit (a layout effect: no event can come first), each field whose
 * value differs from the server's, and from then on notes the fields a person types into.
 *
 * `replay` tells React of the early fields not typed into since, one at a time: outside
 * React's commit each change renders at the end of its event (as a keystroke's does), so a form
 * whose change handler builds its next state from the last render's sees every field. A render
 * puts React's value back into fields it has not been told of, so the values are the ones read
 * at the commit. A field typed into since holds what the person typed: React is told it only
 * when its last render does not match it.
 */
export function readEarlyInput(root: HTMLElement | Document): EarlyInput {
  const early: Array<[Field, string | boolean]> = [];
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (field instanceof HTMLInputElement && IGNORED.has(field.type)) continue;
    if (valueOf(field) !== renderedOf(field)) early.push([field, valueOf(field)]);
  }
  const typedSince = new Set<EventTarget>();
  const note = (event: Event) => {
    const { target } = event;
    if (!event.isTrusted || !(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    // A click changes a checkbox or a radio; on a text field it only puts the caret there.
    if (event.type === 'click' && !isCheckable(target)) return;
    typedSince.add(target);
  };
  const types = ['input', 'change', 'click'] as const;
  for (const type of types) root.addEventListener(type, note, true);
  return {
    replay() {
      for (const type of types) root.removeEventListener(type, note, true);
      for (const [field, value] of early) {
        if (!typedSince.has(field)) announce(field, value);
        // Typed into since: React knows the text when its render matches it; if not (the
        // typing woke React's hydration up, which then took the text as already seen), it is
        // told the text as it is now.
        else if (valueOf(field) !== renderedOf(field)) announce(field, valueOf(field));
      }
    },
  };
}

/** What a field holds now. */
function valueOf(field: Field): string | boolean {
  return isCheckable(field) ? field.checked : field.value;
}

/** What React last rendered into a field: it keeps the default equal to the value. */
function renderedOf(field: Field): string | boolean {
  return isCheckable(field) ? field.defaultChecked : field.defaultValue;
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && CHECKABLE.has(field.type);
}

/**
 * Tells React a field holds `value` when its last render held something else (its default,
 * which React keeps equal to its value). React notices a change by
 * comparing a field with the last value it saw, which it learns through the element's own
 * property setter: the rendered value is set that way, the typed one through the prototype's
 * setter, and the event then shows React a change (the way testing libraries type into React
 * fields).
 */
function announce(field: Field, value: string | boolean): void {
  const checkable = isCheckable(field);
  const property = checkable ? 'checked' : 'value';
  const rendered = renderedOf(field);
  if (value === rendered || !field.isConnected) return;
  // A radio left by the reader is told by the one they chose (React sees it as unchanged).
  if (checkable && field.type === 'radio' && value === false) return;
  const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(proto, property)?.set;
  if (!setNative) return;
  const selection = keptSelection(field);
  (field as unknown as Record<string, unknown>)[property] = rendered;
  setNative.call(field, value);
  selection?.();
  field.dispatchEvent(new Event(checkable ? 'click' : 'input', { bubbles: true }));
}

/** Restores the caret of the focused field after its value is set again (typing goes on). */
function keptSelection(field: Field): (() => void) | null {
  if (field !== document.activeElement) return null;
  try {
    const { selectionStart, selectionEnd } = field;
    if (selectionStart === null || selectionEnd === null) return null;
    return () => field.setSelectionRange(selectionStart, selectionEnd);
  } catch {
    // Email and number fields have no selection to keep.
    return null;
  }
}

/** Sends the submit held before hydration; call after the replay and the hydration mark. */
export function sendHeldSubmit(): void {
  const held = window.__inquireHeldSubmit;
  delete window.__inquireHeldSubmit;
  if (!held?.form.isConnected) return;
  const { form, submitter } = held;
  const sameForm = submitter && 'form' in submitter && (submitter as HTMLButtonElement).form === form;
  form.requestSubmit(sameForm ? submitter : undefined);
}
