import { useMemo, useRef, useState, type ReactNode } from 'react';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useConfirmedRemoval } from '@/components/confirmed-removal';
import { DataTable } from '@/components/data-table';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import type { ApiKey, CreatedApiKey } from '@/lib/api/schemas';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useTableSort } from '@/lib/table-sort';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/use-api-keys';
import { API_KEY_COLUMNS, API_KEY_SORT_STARTS, DEFAULT_API_KEY_SORT, sortApiKeys } from '../utils/api-key-table';
import { ApiKeyCreatedDialog } from './api-key-created-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
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
  const { sort, directionOf, sortBy } = useTableSort(DEFAULT_API_KEY_SORT, API_KEY_SORT_STARTS);
  const deleteApiKey = useDeleteApiKey();
  const sorted = useMemo(() => sortApiKeys(keys, sort), [keys, sort]);
  const revoking = useConfirmedRemoval<ApiKey>({
    title: 'Revoke API Key',
    confirmLabel: 'Revoke',
    message: (key) => (
      <>
        Revoke <strong>{key.name}</strong>? Tools using it lose access at once. This cannot be undone.
      </>
    ),
    remove: (key) => deleteApiKey(key.id),
    toasts: (key) => ({ success: `API key revoked: ${key.name}`, failure: `Failed to revoke API key: ${key.name}` }),
  });

  return (
    <>
      {keys.length === 0 && emptyState}
      {keys.length > 0 && (
        <DataTable
          caption="Your API keys"
          className="api-key-table"
          columns={API_KEY_COLUMNS}
          directionOf={directionOf}
          onSort={sortBy}
        >
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
                  onClick={() => revoking.request(key)}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {revoking.confirmation}
    </>
  );
}
