import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Repository root, so default paths work whatever the working directory is. The production build
 * keeps src's layout (scripts/build-server.mjs), so this file is three levels below the root there too.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The one API contract: the mock routes and validates by it, contract checks read it, GET /api/openapi.json serves it. */
export const CONTRACT_FILE = path.join(REPO_ROOT, 'openapi/openapi.json');

/**
 * The platform's own HDL (the slot interfaces' entities, library Moku, the IP cores' black boxes): part
 * of the product, not of the seed data, so a deployment with its own FIXTURES_DIR keeps the platform.
 */
export const PLATFORM_DIR = path.join(REPO_ROOT, 'fixtures/platform');
