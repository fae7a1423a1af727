// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/api/error-message';
import { useFileUploads, type FileUploadOperations } from './use-file-uploads';

const file = (name: string, content: string) => new File([content], name, { type: 'text/plain' });

function setup(overrides: Partial<FileUploadOperations> = {}) {
  const operations = {
    create: vi.fn(async () => {}),
    replace: vi.fn(async () => {}),
    ...overrides,
  };
  const hook = renderHook(() => useFileUploads(operations));
  const item = (name: string) => hook.result.current.items.find((upload) => upload.name === name)!;
  return { ...operations, hook, item };
}

describe('useFileUploads', () => {
  it('asks about a name the project has instead of failing, and uploads the others meanwhile', async () => {
    const { create, replace, hook, item } = setup();
    await act(() =>
      hook.result.current.start([file('Adder.vhd', 'new adder'), file('pins.xdc', '# pins')], ['adder.vhd']),
    );
    expect(item('Adder.vhd')).toMatchObject({ status: 'exists', existingName: 'adder.vhd' });
    expect(item('pins.xdc')).toMatchObject({ status: 'done' });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith('pins.xdc', '# pins', expect.any(Function));
    expect(replace).not.toHaveBeenCalled();
  });

  it('Replace overwrites the existing file (its name as the project spells it) with the uploaded content', async () => {
    const { create, replace, hook, item } = setup();
    await act(() => hook.result.current.start([file('Adder.vhd', 'new adder')], ['adder.vhd']));
    await act(() => hook.result.current.resolve(item('Adder.vhd').id, 'replace'));
    expect(replace).toHaveBeenCalledWith('adder.vhd', 'new adder');
    expect(create).not.toHaveBeenCalled();
    expect(item('Adder.vhd')).toMatchObject({ status: 'done', replaced: true });
  });

  it('Skip leaves the project as it is', async () => {
    const { create, replace, hook, item } = setup();
    await act(() => hook.result.current.start([file('adder.vhd', 'new adder')], ['adder.vhd']));
    await act(() => hook.result.current.resolve(item('adder.vhd').id, 'skip'));
    expect(item('adder.vhd')).toMatchObject({ status: 'skipped' });
    expect(create).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    // A second answer to the same question does nothing.
    await act(() => hook.result.current.resolve(item('adder.vhd').id, 'replace'));
    expect(replace).not.toHaveBeenCalled();
  });

  it('a failed replace says why, and a name taken meanwhile (409 on create) asks too', async () => {
    const { hook, item } = setup({
      create: vi.fn(async () => {
        throw new ApiError(409, 'A file named late.v already exists in this project');
      }),
      replace: vi.fn(async () => {
        throw new ApiError(413, 'The file is too large');
      }),
    });
    await act(() => hook.result.current.start([file('late.v', 'module m; endmodule')], []));
    expect(item('late.v')).toMatchObject({ status: 'exists', existingName: 'late.v' });
    await act(() => hook.result.current.resolve(item('late.v').id, 'replace'));
    await waitFor(() => expect(item('late.v')).toMatchObject({ status: 'failed', message: 'The file is too large' }));
  });

  it('still refuses a bad name or extension at once, without asking', async () => {
    const { create, hook, item } = setup();
    await act(() => hook.result.current.start([file('readme.md', 'no')], ['readme.md']));
    expect(item('readme.md')).toMatchObject({ status: 'failed' });
    expect(item('readme.md').message).toContain('Use one of these extensions');
    expect(create).not.toHaveBeenCalled();
  });
});
