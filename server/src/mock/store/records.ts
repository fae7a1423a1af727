import type { BuildErrorSpec, ProjectConfig, Scope } from '../domain.js';

/**
 * What a sandbox keeps, record by record. The modules beside this one each own one kind (projects
 * and their files, API keys; builds are builds/build-record.ts); a store kept elsewhere (Redis) would
 * persist these shapes.
 */

export interface FileRecord {
  name: string;
  content: string;
  timestamp: Date;
}

export interface ProjectRecord {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  config: ProjectConfig;
  files: Map<string, FileRecord>;
  /** Every build of this project fails here (a fixture's build_error)… */
  failure?: BuildErrorSpec;
  /** …while its file still holds this line (the seed file's text at the failure's line). */
  failureText?: string;
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  /** SHA-256 of the secret: the secret itself is never stored. */
  hash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}
