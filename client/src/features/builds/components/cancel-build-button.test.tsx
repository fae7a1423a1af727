import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CancelBuildButton } from './cancel-build-button';

vi.mock('../api/cancel-build', () => ({ useCancelBuild: () => () => Promise.resolve() }));

/** A build list row: its Cancel goes once the build is no longer active. */
function Row() {
  const [active, setActive] = useState(true);
  return (
    <table>
      <tbody>
        <tr>
          <td>
            <a href="#/builds/b1">Build b1</a>
          </td>
          <td>
            {active && <CancelBuildButton buildId="0123456789abcdef01234567" />}
            <button type="button" onClick={() => setActive(false)}>
              build ends
            </button>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

describe('CancelBuildButton', () => {
  it('once the cancelled build is no longer active and the button goes, gives the focus to its row, not the page', async () => {
    const user = userEvent.setup();
    render(<Row />);
    const cancel = screen.getByRole('button', { name: /^Cancel build/ });
    cancel.focus();
    await user.keyboard('{Enter}');
    // The list refreshes: the build has stopped, its Cancel button is gone with the focus it had.
    // (A DOM click, which moves no focus, as the list's own refresh would not.)
    act(() => screen.getByRole('button', { name: 'build ends' }).click());
    expect(cancel).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    // The control now where Cancel was, in the same row.
    expect(document.activeElement?.closest('tr')).toBe(screen.getByRole('link', { name: 'Build b1' }).closest('tr'));
  });
});
