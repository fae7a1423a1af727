import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError, EXIT } from '../errors.js';
import { isSourceFile, type LocalFile } from './plan.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The source files directly in `dir` (project files are a flat list, so subfolders are not read),
 * sorted by name. A file that is not UTF-8 text is an error: project files are text.
 */
export async function readSourceFiles(dir: string): Promise<LocalFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`cannot read the folder ${dir} (${code ?? (error as Error).message})`, EXIT.usage);
  }
  const names = entries.filter((e) => e.isFile() && isSourceFile(e.name)).map((e) => e.name).sort();
  const files: LocalFile[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(dir, name));
    let content: string;
    try {
      content = utf8.decode(bytes);
    } catch {
      throw new CliError(`${path.join(dir, name)} is not UTF-8 text; project files are text`, EXIT.usage);
    }
    files.push({ name, content, size: bytes.length });
  }
  return files;
}
