import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

/** A page that opens a dialog from state, as the app does (no Radix Trigger), with a name field in it. */
function Page({ withInitialFocus = false }: { withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const elsewhere = useRef<HTMLButtonElement>(null);
  // "Done" closes the dialog and the page then puts focus elsewhere on purpose (as the editor does after Go to line).
  useEffect(() => {
    if (done) elsewhere.current?.focus();
  }, [done]);
  return (
    <>
      <button type="button" ref={elsewhere}>
        Elsewhere
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Name it"
        initialFocus={withInitialFocus ? field : undefined}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setDone(true);
              }}
            >
              Done
            </button>
          </>
        }
      >
        <label>
          Name <input ref={field} defaultValue="Adder" />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'Cancel',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    [
      'the × button',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
  ])('gives focus back to the control that opened it when closed with %s', async (_how, close) => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Name it' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('leaves focus where the page put it after the dialog closed', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Radix hands focus back a task after the dialog closed: wait past it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('opens on its close button by default, and on initialFocus (selected) when given', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
    unmount();

    render(<Page withInitialFocus />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('Counter');
    expect(field).toHaveValue('Counter');
  });

  it('after a confirmed delete removed the opener’s row, focuses the same control of the row in its place', async () => {
    const user = userEvent.setup();
    render(<KeyList />);
    const revokeLaptop = screen.getByRole('button', { name: 'Revoke laptop' });
    revokeLaptop.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(revokeLaptop).not.toBeInTheDocument();
    // Not <body>: the next key's button, where a keyboard user goes on.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke lab' })).toHaveFocus());

    // The last one: the heading of the list's region, as nothing is left in the list.
    screen.getByRole('button', { name: 'Revoke ci' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    screen.getByRole('button', { name: 'Revoke lab' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(screen.queryByRole('button', { name: /^Revoke / })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'API keys' })).toHaveFocus());
  });
});

/** A list whose rows a confirmed dialog deletes (as the API keys and projects pages do, before closing). */
function KeyList() {
  const [keys, setKeys] = useState(['ci', 'laptop', 'lab']);
  const [revoking, setRevoking] = useState<string | null>(null);
  return (
    <section>
      <h2>API keys</h2>
      <ul>
        {keys.map((key) => (
          <li key={key}>
            {key}
            <button type="button" onClick={() => setRevoking(key)}>
              Revoke {key}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API Key"
        message={`Revoke ${revoking ?? ''}?`}
        confirmLabel="Revoke"
        destructive
        onConfirm={() => setKeys((all) => all.filter((key) => key !== revoking))}
      />
    </section>
  );
}
