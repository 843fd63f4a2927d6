import { passwordMessages } from '@glossa/contract';
import { translations as germanContract } from '@glossa/contract/messages/de';
import { render, screen } from '@testing-library/react';
import germanAdvice from '@zxcvbn-ts/language-de/dist/translations.esm.js';
import { describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n';
import { PasswordStrengthMeter } from './password-strength-meter';

const meter = () => screen.findByRole('meter', { name: 'Password strength:' });

describe('password strength meter', () => {
  it('shows nothing while the field is empty', async () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    // Even once the estimator has loaded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('meter')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('calls a common password very weak, with advice, and a long passphrase strong', async () => {
    const { rerender } = render(<PasswordStrengthMeter password="password1" />);
    const weak = await meter();
    expect(weak.getAttribute('aria-valuenow')).toBe('0');
    expect(weak.getAttribute('aria-valuetext')).toBe('Very weak');
    expect(weak.getAttribute('aria-valuemin')).toBe('0');
    expect(weak.getAttribute('aria-valuemax')).toBe('4');
    const advice = document.getElementById(weak.getAttribute('aria-describedby') ?? '');
    expect(advice?.textContent).toMatch(/commonly used|heavily used|frequently used/);

    rerender(<PasswordStrengthMeter password="violet tram under the quiet bridge 1987" />);
    const strong = await meter();
    expect(strong.getAttribute('aria-valuetext')).toBe('Strong');
    expect(screen.getByText('Strong').getAttribute('aria-live')).toBe('polite');
  });

  it("scores what the server refuses as very weak, saying the contract's rule", async () => {
    render(
      <PasswordStrengthMeter
        password="Ada.Lovelace1815!!"
        identity={{ username: 'ada.lovelace', email: 'ada@example.com' }}
      />,
    );
    const refused = await meter();
    expect(refused.getAttribute('aria-valuetext')).toBe('Very weak');
    expect(screen.getByText(passwordMessages.username)).toBeTruthy();
  });

  it('gives its advice and the rule in the interface’s language', async () => {
    await activateLocale('de');
    try {
      const { rerender } = render(<PasswordStrengthMeter password="password1" />);
      const weak = await screen.findByRole('meter');
      const advice = () =>
        document.getElementById(weak.getAttribute('aria-describedby') ?? '')?.textContent;
      const german = [
        ...Object.values(germanAdvice.warnings),
        ...Object.values(germanAdvice.suggestions),
      ];
      await vi.waitFor(() => expect(german).toContain(advice()));

      rerender(
        <PasswordStrengthMeter
          password="Ada.Lovelace1815!!"
          identity={{ username: 'ada.lovelace', email: 'ada@example.com' }}
        />,
      );
      const rule = germanContract[passwordMessages.username];
      expect(rule).toBeTruthy();
      expect(await screen.findByText(rule ?? '')).toBeTruthy();
    } finally {
      await activateLocale('en');
    }
  });
});
