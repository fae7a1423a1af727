import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorTabs, tabPanelProps } from './editor-tabs';

function Tabs({ onClose = vi.fn() }: { onClose?: (name: string) => void }) {
  const [open, setOpen] = useState(['a.vhd', 'b.vhd', 'c.vhd']);
  const [active, setActive] = useState<string | null>('b.vhd');
  return (
    <section>
      <h1>Adder</h1>
      <EditorTabs
        panelId="panel"
        openFiles={open}
        activeFile={active}
        dirtyNames={new Set(['c.vhd'])}
        onActivate={setActive}
        onClose={(name) => {
          onClose(name);
          const left = open.filter((file) => file !== name);
          setOpen(left);
          // As the editor's store does: closing the active file makes the first remaining one active.
          if (active === name) setActive(left[0] ?? null);
        }}
      />
      <div {...tabPanelProps('panel', open, active)}>editor of {active}</div>
    </section>
  );
}

describe('EditorTabs (WAI-ARIA tabs)', () => {
  it('is a tablist of tabs with the selected state, controlling the editor panel', () => {
    render(<Tabs />);
    const list = screen.getByRole('tablist', { name: 'Open files' });
    const tabs = screen.getAllByRole('tab');
    expect(list).toContainElement(tabs[0]!);
    expect(tabs.map((tab) => tab.textContent)).toEqual(['a.vhd', 'b.vhd', expect.stringContaining('c.vhd')]);
    expect(screen.getByRole('tab', { name: 'b.vhd' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'a.vhd' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'c.vhd (unsaved changes)' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'b.vhd' });
    expect(screen.getByRole('tab', { name: 'b.vhd' })).toHaveAttribute('aria-controls', panel.id);
    // One tab stop: the selected tab.
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', async () => {
    render(<Tabs />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'b.vhd' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /^c\.vhd/ })).toHaveFocus();
    expect(screen.getByRole('tab', { name: /^c\.vhd/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'a.vhd' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /^c\.vhd/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'a.vhd' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /^c\.vhd/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('editor of c.vhd');
  });

  it('closes the focused tab with Delete, and a tab by its close mark', async () => {
    const onClose = vi.fn();
    render(<Tabs onClose={onClose} />);
    await userEvent.click(screen.getByRole('tab', { name: 'a.vhd' }));
    expect(screen.getByRole('tab', { name: 'a.vhd' })).toHaveAttribute('aria-keyshortcuts', 'Delete');
    await userEvent.keyboard('{Delete}');
    expect(onClose).toHaveBeenLastCalledWith('a.vhd');
    await userEvent.click(screen.getByTitle('Close b.vhd'));
    expect(onClose).toHaveBeenLastCalledWith('b.vhd');
    expect(screen.getAllByRole('tab')).toHaveLength(1);
  });

  it('gives focus to the tab selected in place of the one Delete closed, then to the heading when none is left', async () => {
    render(<Tabs />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'b.vhd' })).toHaveFocus();
    await userEvent.keyboard('{Delete}');
    // Not <body>: a keyboard user goes on from the tab now selected.
    expect(screen.getByRole('tab', { name: 'a.vhd' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'a.vhd' })).toHaveFocus();
    await userEvent.keyboard('{Delete}');
    expect(screen.getByRole('tab', { name: /^c\.vhd/ })).toHaveFocus();
    await userEvent.keyboard('{Delete}');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Adder' })).toHaveFocus();
  });
});
