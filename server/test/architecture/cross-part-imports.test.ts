import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';

const RULE = 'part-boundaries/no-cross-part-relative-import';

/**
 * The repository's own eslint.config.js on planted files (linted from text, never written): a relative
 * import from one part into another's folder is an error; a workspace package by name, or a relative
 * import within the part, is not. Only the boundary rule runs, without type information (a file that
 * is not on disk has no TypeScript project, and the boundary needs none).
 */
const eslint = new ESLint({
  cwd: REPO_ROOT,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function lintPlanted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result?.messages.filter((m) => m.fatal) ?? [];
  expect(fatal, 'the planted file must parse').toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('imports across parts (eslint.config.js)', { timeout: 120_000 }, () => {
  it('rejects the client reaching into the server’s src by a relative path', async () => {
    const messages = await lintPlanted(
      'client/src/lib/planted-cross-part.ts',
      "import { PLACEHOLDER_LINKS } from '../../../server/src/config';\nexport const links = PLACEHOLDER_LINKS;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/reaches from client\/ into server\/ by a relative path/)]);
  });

  it('rejects the command importing the client’s files, statically, re-exported or dynamically', async () => {
    const messages = await lintPlanted(
      'cli/src/planted-cross-part.ts',
      [
        "import { formatBytes } from '../../client/src/lib/format.js';",
        "export { shortBuildId } from '../../client/src/lib/format.js';",
        "export const load = () => import('../../server/src/errors.js');",
        'export const size = formatBytes(1);',
        '',
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
    expect(messages[2]).toMatch(/from cli\/ into server\//);
  });

  it('rejects one workspace package reaching into another’s folder, naming the package to import', async () => {
    const messages = await lintPlanted(
      'packages/shared/src/planted-cross-part.ts',
      "export { Coverage } from '../../contract-checker/src/coverage.js';\n",
    );
    expect(messages).toEqual([expect.stringContaining('or @cloud-compile/contract-checker')]);
  });

  it('accepts packages by name and relative imports within a part, even into a folder named like a part', async () => {
    expect(
      await lintPlanted(
        'server/test/contract/planted-same-part.ts',
        "import { formatByteSize } from '@cloud-compile/shared';\nimport { REPO_ROOT } from '../../src/config.js';\nexport { startCliGateways } from '../cli/support.js';\nexport const both = [formatByteSize, REPO_ROOT];\n",
      ),
    ).toEqual([]);
  });
});
