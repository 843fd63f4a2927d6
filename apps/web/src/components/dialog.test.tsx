import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogActions, DialogClose, type DialogProps } from './dialog';

function Harness(props: Partial<DialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Open</Button>}
      title="Rename the deck"
      description="The new name shows everywhere."
      {...props}
    >
      <input aria-label="Name" />
      <DialogActions>
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button>Save</Button>
      </DialogActions>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is named by its heading, described, and closed by Escape, its close button or Cancel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Rename the deck' });
    expect(screen.getByRole('heading', { level: 2, name: 'Rename the deck' })).toBeTruthy();
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'The new name shows everywhere.',
    );
    // Focus moves into the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the button that opened it.
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('disables its close button on request', async () => {
    const user = userEvent.setup();
    render(<Harness closeDisabled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
  });

  it('as an alert: an alertdialog without a close button, focus on Cancel, Escape closes', async () => {
    const user = userEvent.setup();
    render(<Harness alert title="Delete the deck?" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete the deck?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
