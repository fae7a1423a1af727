// An ESLint rule: no relative import from one part of the repository into another's folder. The parts
// (client/, server/, cli/, e2e/, each packages/<name>/) share code only through workspace packages
// imported by name (@cloud-compile/shared, @cloud-compile/contract-checker), so none depends on another's
// layout. The import is resolved against the importing file, so `../cli/support.js` inside server/test/
// (server's own folder named cli) is fine and `../../../client/src/x` is not, however deep either sits.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOP_LEVEL_PARTS = new Set(['client', 'server', 'cli', 'e2e']);

/** The part a repository path lies in: `client`, `packages/shared`, …; undefined outside every part. */
export function partOf(repoPath) {
  const [first, second] = repoPath.split(/[\\/]/);
  if (first === 'packages' && second) return `packages/${second}`;
  return TOP_LEVEL_PARTS.has(first) ? first : undefined;
}

/** How each part is imported instead: the workspace package named in its package.json. */
function packageName(part) {
  try {
    return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, part, 'package.json'), 'utf8')).name;
  } catch {
    return undefined;
  }
}

export const noCrossPartRelativeImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Parts share code through workspace packages imported by name, never by a relative path' },
    schema: [],
    messages: {
      crossPart:
        "'{{source}}' reaches from {{from}}/ into {{to}}/ by a relative path. Import what is shared from a workspace package by name (@cloud-compile/shared{{hint}}).",
    },
  },
  create(context) {
    const from = partOf(path.relative(REPO_ROOT, context.physicalFilename));
    if (!from) return {};
    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
      if (!source || !source.startsWith('.')) return;
      const target = path.relative(REPO_ROOT, path.resolve(path.dirname(context.physicalFilename), source));
      const to = partOf(target);
      if (!to || to === from) return;
      const name = packageName(to);
      const hint = to.startsWith('packages/') && name ? `, or ${name}` : '';
      context.report({ node, messageId: 'crossPart', data: { source, from, to, hint } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const partBoundaries = { rules: { 'no-cross-part-relative-import': noCrossPartRelativeImport } };
