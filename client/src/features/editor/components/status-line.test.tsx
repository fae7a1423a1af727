import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatusLine } from './status-line';

describe('StatusLine', () => {
  it('announces the same message again as a new node (a second "Saved …" is read out too)', () => {
    const props = { fileName: 'adder.vhd', lastUpdated: null, cursor: { line: 1, col: 0 } };
    const { rerender } = render(<StatusLine {...props} message={{ text: 'Saved adder.vhd', id: 1 }} />);
    const first = screen.getByRole('status').firstElementChild;
    expect(first).toHaveTextContent('Saved adder.vhd');
    rerender(<StatusLine {...props} message={{ text: 'Saved adder.vhd', id: 2 }} />);
    const second = screen.getByRole('status').firstElementChild;
    expect(second).toHaveTextContent('Saved adder.vhd');
    // A live region reads out what is added to it: the same node with the same text adds nothing.
    expect(second).not.toBe(first);
    rerender(<StatusLine {...props} message={{ text: 'Saved adder.vhd', id: 2 }} />);
    expect(screen.getByRole('status').firstElementChild).toBe(second);
  });
});
