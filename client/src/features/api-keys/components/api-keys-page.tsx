import { useMemo, useRef, useState, type ReactNode } from 'react';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import type { ApiKey, CreatedApiKey } from '@/lib/api/schemas';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/use-api-keys';
import {
  DEFAULT_API_KEY_SORT,
  nextApiKeySort,
  sortApiKeys,
  type ApiKeySort,
  type ApiKeySortColumn,
} from '../utils/api-key-table';
import { ApiKeyCreatedDialog } from './api-key-created-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { SortHeader } from '@/components/sort-header';
import './api-keys.css';

/**
 * API Keys preferences: the user's keys (NAME, SCOPES, CREATED; sortable) with a revoke button each,
 * "+ Create API Key", and the once-only display of a new key.
 */
export function ApiKeysPage() {
  const { data: keys, error, isLoading } = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  return (
    <section className="page api-keys-page" aria-labelledby="api-keys-heading">
      <div className="api-keys-header">
        <h1 id="api-keys-heading">API Keys</h1>
        <button ref={createButton} type="button" className="button button-primary" onClick={() => setCreating(true)}>
          <Plus size={18} aria-hidden="true" />
          Create API Key
        </button>
      </div>
      <p className="api-keys-intro">
        API keys let scripts and desktop tools use your projects and builds without signing in. Send a key as
        <code> Authorization: Bearer &lt;key&gt;</code>; it can do only what its scopes allow.
      </p>
      {isLoading && <Spinner label="Loading API keys" />}
      {error && (
        <p role="alert" className="error-text">
          {errorMessage(error, 'The API keys could not be loaded. Please try again later.')}
        </p>
      )}
      {keys && (
        <ApiKeyTable
          keys={keys}
          emptyState={
            <div className="api-keys-empty">
              <KeyRound size={24} aria-hidden="true" />
              <p>
                You have no API keys. Create one for each tool that needs access, e.g. a key with{' '}
                <code>projects:read</code> and <code>builds:read</code> lets a desktop tool browse your projects and
                download bitstreams.
              </p>
            </div>
          }
        />
      )}

      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      {/* The create dialog is closing as this one opens: Done gives the focus to the button that began it all. */}
      <ApiKeyCreatedDialog apiKey={created} onClose={() => setCreated(null)} returnFocus={createButton} />
    </section>
  );
}

/**
 * The keys' table, or `emptyState` when there are none. It stays mounted when the last key is
 * revoked, so the confirmation stays open until the server has answered.
 */
function ApiKeyTable({ keys, emptyState }: { keys: readonly ApiKey[]; emptyState: ReactNode }) {
  const [sort, setSort] = useState<ApiKeySort>(DEFAULT_API_KEY_SORT);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const deleteApiKey = useDeleteApiKey();
  const sorted = useMemo(() => sortApiKeys(keys, sort), [keys, sort]);
  const directionOf = (column: ApiKeySortColumn) => (sort.column === column ? sort.direction : undefined);
  const sortBy = (column: ApiKeySortColumn) => setSort((current) => nextApiKeySort(current, column));

  const revoke = async () => {
    if (!revoking) return;
    try {
      await deleteApiKey(revoking.id);
      toast.success(`API key revoked: ${revoking.name}`);
    } catch (failure) {
      toast.error(`Failed to revoke API key: ${revoking.name}`, {
        description: errorMessage(failure, 'An unknown error occurred.'),
      });
      throw failure;
    }
  };

  return (
    <>
      {keys.length === 0 && emptyState}
      {keys.length > 0 && (
        <table className="data-table api-key-table">
          <caption className="visually-hidden">Your API keys</caption>
          <thead>
            <tr>
              <SortHeader label="NAME" direction={directionOf('name')} onSort={() => sortBy('name')} />
              <th scope="col">SCOPES</th>
              <SortHeader label="CREATED" direction={directionOf('created')} onSort={() => sortBy('created')} />
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((key) => (
              <tr key={key.id}>
                <td>
                  <span className="api-key-name">{key.name}</span>
                  <span className="api-key-prefix">{key.prefix}…</span>
                </td>
                <td>
                  <ul className="scope-list" aria-label={`Scopes of ${key.name}`}>
                    {key.scopes.map((scope) => (
                      <li key={scope} className="scope-tag">
                        {scope}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {formatDateTime(key.created_at)} <span className="muted">({formatRelative(key.created_at)})</span>
                </td>
                <td className="api-key-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Revoke ${key.name}`}
                    title={`Revoke ${key.name}`}
                    onClick={() => setRevoking(key)}
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API Key"
        message={
          <>
            Revoke <strong>{revoking?.name}</strong>? Tools using it lose access at once. This cannot be undone.
          </>
        }
        confirmLabel="Revoke"
        destructive
        onConfirm={revoke}
      />
    </>
  );
}
