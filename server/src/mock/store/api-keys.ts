import { createHash, randomBytes } from 'node:crypto';
import { newId, type Scope } from '../domain.js';
import { notFound } from '../../errors.js';
import type { ApiKeyRecord } from './records.js';

export const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Prefix of every API key secret, so a leaked one is easy to recognise. */
export const API_KEY_PREFIX = 'cc_';

/** One sandbox's API keys: only hashes of their secrets are kept. */
export class ApiKeyStore {
  constructor(
    private readonly now: () => Date,
    /** The sandbox's stored keys by id: this store works on them in place. */
    private readonly keys: Map<string, ApiKeyRecord>,
  ) {}

  get size(): number {
    return this.keys.size;
  }

  /** Oldest first. */
  list(): ApiKeyRecord[] {
    return [...this.keys.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Creates a key and returns it with its secret, which is never seen again. */
  create(name: string, scopes: Scope[]): { key: ApiKeyRecord; secret: string } {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const key: ApiKeyRecord = {
      id: newId(),
      name: name.trim(),
      scopes: [...new Set(scopes)],
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
      hash: hashKey(secret),
      createdAt: this.now(),
      lastUsedAt: null,
    };
    this.keys.set(key.id, key);
    return { key, secret };
  }

  /** Deletes the key and returns it. */
  delete(keyId: string): ApiKeyRecord {
    const key = this.keys.get(keyId);
    if (!key) throw notFound('API key');
    this.keys.delete(keyId);
    return key;
  }

  /** Hashes of every key (the registry indexes them to find a key's sandbox). */
  hashes(): string[] {
    return [...this.keys.values()].map((key) => key.hash);
  }

  /** The key with this hash, to read (its use is not recorded); undefined when it is not one of ours. */
  find(hash: string): Readonly<ApiKeyRecord> | undefined {
    for (const key of this.keys.values()) if (key.hash === hash) return key;
    return undefined;
  }

  /** The scopes of the key with this hash (recording its use), or undefined when it is not one of ours. */
  use(hash: string): Scope[] | undefined {
    for (const key of this.keys.values()) {
      if (key.hash !== hash) continue;
      key.lastUsedAt = this.now();
      return [...key.scopes];
    }
    return undefined;
  }
}
