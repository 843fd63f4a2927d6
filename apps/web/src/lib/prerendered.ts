/**
 * The app taking over a prerendered page (decision 0031, fourth and ninth passes): the sign-in,
 * sign-up and forgotten-password pages come with their markup, which shows before the app's script
 * has come. A visitor may type in those fields meanwhile (their buttons wait, disabled, for the
 * app). The app hydrates the markup: its fields are kept, with what they hold and the caret. Should
 * it draw the page anew instead (React does when the markup does not match, say a page prerendered
 * in another language than the app's), what was typed and the field the visitor is in carry over
 * to the new fields.
 */

/** The fields a visitor types in: not the hidden ones nor the read-only stand-ins. */
const typedFields = [
  'input[name]:not([type="hidden"]):not([readonly])',
  'textarea[name]:not([readonly])',
].join(', ');

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Enables the prerendered submit buttons, just before the app hydrates the markup: the app renders
 * them enabled, and hydration keeps the attributes it finds rather than setting its own.
 */
export function releaseHeldSubmits(container: HTMLElement): void {
  for (const button of container.querySelectorAll('button[type="submit"][disabled]')) {
    button.removeAttribute('disabled');
  }
}

function isField(element: Element | null): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/** Sets a field's value as typing does, so the form's own state (react-hook-form) hears it. */
function typeInto(field: Field, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setter) return;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts following the prerendered fields in `container`; returns what to call once the app's
 * first render is in (a layout effect, before the browser paints). Fields the app kept need
 * nothing; if it replaced them, the new fields get what the old ones held, and the focus moves to
 * the new field of the same name. Run by the prerendered page's own script (src/public/main.ts),
 * told by the app (`appRenderedEvent`).
 */
export function keepTypedFields(container: HTMLElement): () => void {
  const fields = Array.from(container.querySelectorAll<Field>(typedFields));
  let focused: Field | null = null;
  let selection: [number | null, number | null] = [null, null];
  const remember = () => {
    if (focused) selection = [focused.selectionStart, focused.selectionEnd];
  };
  const onFocusIn = (event: FocusEvent) => {
    focused = fields.find((field) => field === event.target) ?? null;
    remember();
  };
  // A field left by the visitor is still in the page a moment later; one removed by the app's
  // render is not (some browsers tell a removed field's blur, others do not).
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target;
    queueMicrotask(() => {
      if (left === focused && focused?.isConnected) focused = null;
    });
  };
  const listening = new AbortController();
  const { signal } = listening;
  container.addEventListener('focusin', onFocusIn, { signal });
  container.addEventListener('focusout', onFocusOut, { signal });
  for (const type of ['input', 'keyup', 'pointerup'])
    container.addEventListener(type, remember, { signal });
  if (isField(document.activeElement) && fields.includes(document.activeElement)) {
    focused = document.activeElement;
    remember();
  }

  let done = false;
  return () => {
    if (done) return;
    done = true;
    listening.abort();
    const current = Array.from(container.querySelectorAll<Field>(typedFields));
    const counterpart = (old: Field) =>
      current.find((field) => field.name === old.name && field !== old) ?? null;
    for (const old of fields) {
      const now = counterpart(old);
      if (now && old.value !== '' && now.value === '') typeInto(now, old.value);
    }
    const active = document.activeElement;
    if (focused && !focused.isConnected && (!active || active === document.body)) {
      const now = counterpart(focused);
      if (now) {
        now.focus();
        const [start, end] = selection;
        if (start !== null && end !== null) {
          try {
            now.setSelectionRange(start, end);
          } catch {
            // Some input types (e-mail) have no selection to set.
          }
        }
      }
    }
  };
}
