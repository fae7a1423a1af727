import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserMenu } from './user-menu';

function renderMenu(onSignOut = vi.fn()) {
  render(
    <div>
      <UserMenu initials="AL" preferencesHref="#/Preferences" onSignOut={onSignOut} />
      <button type="button">Elsewhere</button>
    </div>,
  );
  return { onSignOut, button: screen.getByRole('button', { name: 'Menu, AL' }) };
}

async function openMenu() {
  const user = userEvent.setup();
  const utils = renderMenu();
  await user.click(utils.button);
  expect(screen.getByRole('menu')).toBeInTheDocument();
  return { user, ...utils };
}

describe('UserMenu', () => {
  it('names its button so the visible initials are heard too (WCAG 2.5.3, label in name)', () => {
    const { button } = renderMenu();
    expect(button).toHaveAccessibleName('Menu, AL');
    expect(button.textContent).toBe('AL');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('shows the initials and toggles on button click', async () => {
    const { user, button } = await openMenu();
    expect(button).toHaveTextContent('AL');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveAttribute('href', '#/Preferences');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on an outside click but not on a click inside', async () => {
    const { user } = await openMenu();
    fireEvent.pointerDown(screen.getByRole('menu'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on scroll, also of an inner scrolling element', async () => {
    const { user, button } = await openMenu();
    fireEvent.scroll(window);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.scroll(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on resize', async () => {
    await openMenu();
    fireEvent(window, new Event('resize'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user, button } = await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on Tab', async () => {
    const { user } = await openMenu();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is operable by keyboard alone', async () => {
    const user = userEvent.setup();
    const { onSignOut, button } = renderMenu();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // ArrowUp on the button opens the menu on its last item; Enter on the button opens on the first.
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveFocus();
  });

  it('activates a menu item with Space', async () => {
    const { user, onSignOut } = await openMenu();
    await user.keyboard('{End}');
    await user.keyboard(' ');
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
