import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADA, createFakeAuth } from '@/testing/fake-fusion-auth';
import { ColorSchemeProvider } from '@/lib/color-scheme/color-scheme-provider';
import { AccountDetails } from './account-details';
import { AppearancePreferences } from './appearance-preferences';
import { KeybindingsPreferences } from './keybindings-preferences';

const fakeAuth = { current: createFakeAuth() };
vi.mock('@fusionauth/react-sdk', () => ({ useFusionAuth: () => fakeAuth.current }));

describe('AccountDetails', () => {
  it('shows the user, and hands Manage account and Sign out to the sign-in SDK', async () => {
    fakeAuth.current = createFakeAuth({ userInfo: { ...ADA, roles: ['user', 'admin'] } });
    render(<AccountDetails />);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['user', 'admin']);
    expect(screen.getByText('Version 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Manage account' }));
    expect(fakeAuth.current.manageAccount).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(fakeAuth.current.startLogout).toHaveBeenCalled();
  });

  it('says so when terms were never accepted and there are no roles', () => {
    fakeAuth.current = createFakeAuth({ userInfo: { name: 'N', email: 'n@example.com', tos_accepted_version: 0 } });
    render(<AccountDetails />);
    expect(screen.getByText('Not accepted')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
  });
});

describe('KeybindingsPreferences', () => {
  it('keeps the choice in local storage and lists the shortcuts', async () => {
    render(<KeybindingsPreferences />);
    expect(screen.getByRole('radio', { name: 'Default' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Emacs' }));
    expect(localStorage.getItem('editor-keybindings')).toBe('emacs');
    expect(screen.getByRole('radio', { name: 'Emacs' })).toBeChecked();
    expect(screen.getByRole('table', { name: 'Keyboard shortcuts' })).toHaveTextContent('Save and buildF8');
  });
});

describe('AppearancePreferences', () => {
  it('keeps the editor font size in local storage and previews it', async () => {
    render(
      <ColorSchemeProvider>
        <AppearancePreferences />
      </ColorSchemeProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Editor font size' });
    expect(select).toHaveValue('14');
    await userEvent.selectOptions(select, '20');
    expect(localStorage.getItem('editor-font-size')).toBe('20');
    expect(select).toHaveValue('20');
    expect(select).toHaveAccessibleDescription(/preview/);
  });
});
