import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import type { CreatedApiKey } from '@/lib/api/schemas';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ApiKeyCreatedDialog } from './api-key-created-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';

vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));
const api = { createApiKey: vi.fn(), listApiKeys: vi.fn() };
vi.mocked(getApiClient).mockResolvedValue(api as unknown as ApiClient);

const CREATED: CreatedApiKey = {
  id: 'k1',
  name: 'CI',
  scopes: ['builds:read'],
  prefix: 'cc_live_ab',
  created_at: '2025-01-01T00:00:00Z',
  last_used_at: null,
  key: 'cc_live_abcdefghijklmnopqrstuvwxyz',
};

beforeEach(() => {
  api.createApiKey.mockReset();
  api.listApiKeys.mockReset().mockResolvedValue({ data: [] });
});

function renderCreate() {
  const onCreated = vi.fn();
  renderWithProviders(<CreateApiKeyDialog open onOpenChange={vi.fn()} onCreated={onCreated} />);
  return onCreated;
}

describe('CreateApiKeyDialog', () => {
  it('explains each scope, and Select all ticks and unticks them all', async () => {
    renderCreate();
    expect(screen.getByRole('checkbox', { name: 'builds:queue' })).toHaveAccessibleDescription(
      'Complete access to view all user builds, including artifacts, and to queue builds.',
    );
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    await userEvent.click(screen.getByRole('checkbox', { name: 'builds:read' }));
    expect(selectAll.indeterminate).toBe(true);
    await userEvent.click(selectAll);
    for (const scope of ['projects:read', 'projects:write', 'builds:read', 'builds:queue']) {
      expect(screen.getByRole('checkbox', { name: scope })).toBeChecked();
    }
    expect(selectAll).toBeChecked();
    expect(selectAll.indeterminate).toBe(false);
    await userEvent.click(selectAll);
    expect(screen.getByRole('checkbox', { name: 'projects:read' })).not.toBeChecked();
  });

  it('needs a name and a scope before it calls the API', async () => {
    renderCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('API key name is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'API Key Name' })).toHaveFocus();
    await userEvent.type(screen.getByRole('textbox', { name: 'API Key Name' }), 'CI');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('checkbox', { name: 'projects:read' })).toHaveFocus();
    expect(api.createApiKey).not.toHaveBeenCalled();
  });

  it('sends the scopes in order, and shows a refusal without losing the form', async () => {
    api.createApiKey.mockRejectedValueOnce(new ApiError(422, 'Too many keys')).mockResolvedValueOnce({ data: CREATED });
    const onCreated = renderCreate();
    await userEvent.type(screen.getByRole('textbox', { name: 'API Key Name' }), 'CI');
    await userEvent.click(screen.getByRole('checkbox', { name: 'builds:queue' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'projects:read' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Too many keys')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'API Key Name' })).toHaveValue('CI');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
    expect(api.createApiKey).toHaveBeenLastCalledWith(null, { name: 'CI', scopes: ['projects:read', 'builds:queue'] });
  });
});

describe('ApiKeyCreatedDialog', () => {
  it('shows the key once, copies it and says so; only Done closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ApiKeyCreatedDialog apiKey={CREATED} onClose={onClose} />);
    expect(screen.getByText('This key is shown only once: copy it now. It cannot be shown again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue(CREATED.key);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(CREATED.key);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
