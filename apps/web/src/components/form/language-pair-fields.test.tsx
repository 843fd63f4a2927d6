import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { useForm } from '../../lib/use-form';
import { describe, expect, it } from 'vitest';
import { LanguagePairFields } from './language-pair-fields';

function Harness() {
  const { control } = useForm({ defaultValues: { from: 'es', to: 'en' } });
  const [from, to] = useWatch({ control, name: ['from', 'to'] });
  return (
    <>
      <LanguagePairFields
        control={control}
        fromName="from"
        toName="to"
        fromLabel="From"
        toLabel="To"
      />
      <p data-testid="pair">{`${from}/${to}`}</p>
    </>
  );
}

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, name: string) => {
  const input = screen.getByRole('combobox', { name: label });
  await user.clear(input);
  await user.type(input, name);
  await user.keyboard('{Enter}');
};

describe('LanguagePairFields', () => {
  it('swaps the pair when From is set to the To language, and says so', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await choose(user, 'From', 'English');
    expect(screen.getByTestId('pair').textContent).toBe('en/es');
    expect((screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement).value).toBe(
      'Español (Spanish)',
    );
    expect(screen.getByRole('status').textContent).toBe('Swapped: English to Spanish');
  });

  it('swaps from the To side too, and sets a side alone otherwise', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await choose(user, 'To', 'Spanish');
    expect(screen.getByTestId('pair').textContent).toBe('en/es');
    await choose(user, 'To', 'German');
    expect(screen.getByTestId('pair').textContent).toBe('en/de');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
