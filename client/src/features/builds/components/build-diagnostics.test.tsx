import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '@/lib/api/schemas';
import { BuildDiagnostics } from './build-diagnostics';

const diagnostics: Diagnostic[] = [
  { file: 'clip.vhd', line: 24, column: 28, severity: 'error', message: "'then' is expected here", origin: 'user' },
  { file: 'clip.vhd', line: 31, column: 5, severity: 'warning', message: 'signal "x" is never read', origin: 'user' },
  {
    file: 'platform/custom-instrument.vhd',
    line: 23,
    column: 9,
    severity: 'warning',
    message: 'no assignment for port "outputb"',
    origin: 'platform',
  },
];

describe('BuildDiagnostics', () => {
  it("counts and lists the user's diagnostics, each opening its file at its line; the platform's are folded", async () => {
    const onOpen = vi.fn();
    render(<BuildDiagnostics diagnostics={diagnostics} onOpenFileLocation={onOpen} />);
    expect(screen.getByText('1 error · 1 warning in your files · 1 from the platform')).toBeInTheDocument();
    const mine = screen.getByRole('list', { name: 'Errors and warnings in your files' });
    expect(mine).toHaveTextContent("Error clip.vhd:24:28 'then' is expected here");
    await userEvent.click(screen.getByRole('button', { name: 'clip.vhd:24:28' }));
    expect(onOpen).toHaveBeenCalledWith('clip.vhd', 24);

    const folded = screen.getByText('1 from the platform', { selector: 'summary' }).closest('details')!;
    expect(folded.open).toBe(false);
    expect(screen.queryByRole('button', { name: /platform\// })).toBeNull();
    await userEvent.click(screen.getByText('1 from the platform', { selector: 'summary' }));
    expect(folded.open).toBe(true);
    expect(folded).toHaveTextContent('platform/custom-instrument.vhd:23:9 no assignment for port "outputb"');
  });

  it('lists platform notes apart, under the sentence that they are limits of the check, each opening its line', async () => {
    const onOpen = vi.fn();
    const note: Diagnostic = {
      file: 'top.vhd',
      line: 7,
      column: null,
      severity: 'note',
      message: 'Yosys stopped on an internal error, so the resource estimate was skipped',
      origin: 'user',
    };
    render(<BuildDiagnostics diagnostics={[note]} onOpenFileLocation={onOpen} />);
    expect(
      screen.getByText('0 errors · 0 warnings in your files · 1 platform note · 0 from the platform'),
    ).toBeVisible();
    expect(screen.getByText(/They are limits of the check, not errors in your design\./)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Errors and warnings in your files' })).toBeNull();
    const notes = screen.getByRole('list', { name: 'Platform notes' });
    expect(notes).toHaveTextContent('Platform note top.vhd:7 Yosys stopped on an internal error');
    await userEvent.click(screen.getByRole('button', { name: 'top.vhd:7' }));
    expect(onOpen).toHaveBeenCalledWith('top.vhd', 7);
  });
});
