import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, REPO_ROOT } from '../../src/config.js';

/** The variables README.md's "## Configuration" table documents: the first cell of each row. */
function documentedVariables(readme: string): string[] {
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (section === undefined) throw new Error('README.md has no "## Configuration" section');
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!);
}

describe("README.md's configuration table", () => {
  const documented = documentedVariables(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'));

  it('documents every variable the configuration schema reads', () => {
    expect(CONFIG_KEYS.filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('documents only variables the schema reads, each once', () => {
    expect(documented.filter((key) => !CONFIG_KEYS.includes(key))).toEqual([]);
    expect(documented.filter((key, index) => documented.indexOf(key) !== index)).toEqual([]);
  });
});
