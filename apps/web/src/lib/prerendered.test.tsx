import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from './use-form';
import { afterEach, describe, expect, it } from 'vitest';
import { keepTypedFields } from './prerendered';

/** The sign-in form as the app draws it: react-hook-form's uncontrolled fields. */
function SignIn({ onSubmit, after }: { onSubmit: (values: object) => void; after: () => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { login: '', password: '' } });
  useLayoutEffect(after, [after]);
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <input aria-label="new login" {...register('login')} />
      <input aria-label="new password" type="password" {...register('password')} />
      <button type="submit">Sign in</button>
    </form>
  );
}

/** The same form as the shell carries it, before the app has started. */
function prerenderedMarkup(container: HTMLElement) {
  container.innerHTML =
    '<form><input name="login" value=""><input name="password" type="password" value="">' +
    '<input type="text" readonly value="English"><input type="hidden" name="to" value="es">' +
    '<button type="submit" disabled="">Sign in</button></form>';
}

function field(container: HTMLElement, name: string): HTMLInputElement {
  const element = container.querySelector(`[name="${name}"]`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no field ${name}`);
  return element;
}

describe('keepTypedFields (decision 0031, fourth pass)', () => {
  let container: HTMLElement;
  afterEach(() => {
    container.remove();
  });

  /** The app's first render into the prerendered markup (createRoot replaces it). */
  function takeOver(onSubmit: (values: object) => void, restore = keepTypedFields(container)) {
    return render(<SignIn onSubmit={onSubmit} after={restore} />, { container });
  }

  it('carries what was typed and the focus into the app’s own fields', async () => {
    container = document.createElement('div');
    document.body.append(container);
    prerenderedMarkup(container);
    const oldLogin = field(container, 'login');
    oldLogin.focus();
    oldLogin.value = 'ada';
    field(container, 'password').value = 'correct horse';
    oldLogin.setSelectionRange(1, 2);
    oldLogin.dispatchEvent(new Event('input', { bubbles: true }));

    let sent: object | null = null;
    const view = takeOver((values) => {
      sent = values;
    });
    const login = field(container, 'login');
    expect(login).not.toBe(oldLogin);
    expect(login.getAttribute('aria-label')).toBe('new login');
    expect(login.value).toBe('ada');
    expect(field(container, 'password').value).toBe('correct horse');
    expect(document.activeElement).toBe(login);
    expect([login.selectionStart, login.selectionEnd]).toEqual([1, 2]);
    // The form's own state heard it: the submission sends what was typed before the app came.
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
    });
    expect(sent).toEqual({ login: 'ada', password: 'correct horse' });
    view.unmount();
  });

  it('leaves the fields and the focus alone when nothing was typed or the visitor left', async () => {
    container = document.createElement('div');
    document.body.append(container);
    prerenderedMarkup(container);
    const outside = document.createElement('button');
    document.body.append(outside);
    const oldLogin = field(container, 'login');
    const restoreWatch = keepTypedFields(container);
    oldLogin.focus();
    outside.focus();
    await Promise.resolve();
    const view = takeOver(() => undefined, restoreWatch);
    expect(field(container, 'login').value).toBe('');
    expect(document.activeElement).toBe(outside);
    view.unmount();
    outside.remove();
  });

  it('puts back what was typed, and the caret, in the fields the app hydrates', async () => {
    container = document.createElement('div');
    document.body.append(container);
    const noSubmit = () => undefined;
    container.innerHTML = renderToString(
      <I18nProvider i18n={i18n}>
        <SignIn onSubmit={noSubmit} after={noSubmit} />
      </I18nProvider>,
    );
    const login = field(container, 'login');
    const password = field(container, 'password');
    const restore = keepTypedFields(container);
    login.value = 'ada';
    login.dispatchEvent(new Event('input', { bubbles: true }));
    password.focus();
    password.value = 'correct horse';
    password.setSelectionRange(3, 3);
    password.dispatchEvent(new Event('input', { bubbles: true }));

    let sent: object | null = null;
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    const root = await act(async () =>
      hydrateRoot(
        container,
        <I18nProvider i18n={i18n}>
          <SignIn
            onSubmit={(values) => {
              sent = values;
            }}
            after={restore}
          />
        </I18nProvider>,
      ),
    );
    // The same elements: the form emptied them as it registered them, and they were filled again.
    expect(field(container, 'login')).toBe(login);
    expect(login.value).toBe('ada');
    expect(password.value).toBe('correct horse');
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([3, 3]);
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
    });
    expect(sent).toEqual({ login: 'ada', password: 'correct horse' });
    act(() => root.unmount());
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
});
