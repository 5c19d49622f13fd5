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

/**
 * Tells React of each field changed before hydration, one at a time: a form's change handler
 * may build its next state from the last render's, so each change is rendered before the next
 * is told (as between two keystrokes). That render puts React's value back into the fields not
 * told yet, so what was typed is read for all of them first. Call once, right after hydration.
 */
export async function replayEarlyInput(root: ParentNode): Promise<void> {
  const typed: Array<[Field, string | boolean]> = [];
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (field instanceof HTMLInputElement && IGNORED.has(field.type)) continue;
    typed.push([field, isCheckable(field) ? field.checked : field.value]);
  }
  for (const [field, value] of typed) {
    if (announce(field, value)) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && CHECKABLE.has(field.type);
}

/**
 * Tells React a field holds `value` when its last render held something else (its default,
 * which React keeps equal to its value); returns whether it told. React notices a change by
 * comparing a field with the last value it saw, which it learns through the element's own
 * property setter: the rendered value is set that way, the typed one through the prototype's
 * setter, and the event then shows React a change (the way testing libraries type into React
 * fields).
 */
function announce(field: Field, value: string | boolean): boolean {
  const checkable = isCheckable(field);
  const property = checkable ? 'checked' : 'value';
  const rendered = checkable ? field.defaultChecked : field.defaultValue;
  if (value === rendered || !field.isConnected) return false;
  // A radio left by the reader is told by the one they chose (React sees it as unchanged).
  if (checkable && field.type === 'radio' && value === false) return false;
  const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(proto, property)?.set;
  if (!setNative) return false;
  const selection = keptSelection(field);
  (field as unknown as Record<string, unknown>)[property] = rendered;
  setNative.call(field, value);
  selection?.();
  field.dispatchEvent(new Event(checkable ? 'click' : 'input', { bubbles: true }));
  return true;
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
