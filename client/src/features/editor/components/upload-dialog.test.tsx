import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UploadItem } from '../hooks/use-file-uploads';
import { UploadDialog } from './upload-dialog';

const waiting: UploadItem = { id: 7, name: 'Adder.vhd', status: 'exists', existingName: 'adder.vhd' };

function renderDialog(unsaved: string[] = []) {
  const onResolve = vi.fn();
  render(
    <UploadDialog
      open
      onOpenChange={() => {}}
      items={[waiting]}
      onFiles={() => {}}
      onResolve={onResolve}
      unsavedNames={new Set(unsaved)}
    />,
  );
  return onResolve;
}

describe('UploadDialog, a name the project already has', () => {
  it('asks Replace or Skip, by keyboard, and says so in its status', async () => {
    const onResolve = renderDialog();
    expect(screen.getByText('A file called adder.vhd already exists.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'A file called adder.vhd already exists: replace it or skip Adder.vhd.',
    );
    const replace = screen.getByRole('button', { name: 'Replace adder.vhd' });
    expect(replace).toHaveAccessibleDescription('A file called adder.vhd already exists.');
    replace.focus();
    await userEvent.keyboard('{Enter}');
    expect(onResolve).toHaveBeenCalledWith(7, 'replace');
    await userEvent.click(screen.getByRole('button', { name: 'Skip Adder.vhd' }));
    expect(onResolve).toHaveBeenLastCalledWith(7, 'skip');
  });

  it('names unsaved changes to that file before it is replaced', () => {
    renderDialog(['adder.vhd']);
    expect(screen.getByRole('button', { name: 'Replace adder.vhd' })).toHaveAccessibleDescription(
      'A file called adder.vhd already exists. It has unsaved changes in the editor: replacing it discards them.',
    );
  });
});
