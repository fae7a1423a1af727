import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { textBodyMaxLength } from '../api/document.js';
import { CliError, EXIT } from '../errors.js';
import { isSourceFile, type LocalFile } from './plan.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The longest file the API takes (characters, as the contract's updateFile body says: 5 MiB). */
export const MAX_FILE_LENGTH = textBodyMaxLength('updateFile') ?? 5 * 1024 * 1024;

/**
 * The source files directly in `dir` (project files are a flat list, so subfolders are not read),
 * sorted by name. A file that is not UTF-8 text, or longer than the API takes, is an error before
 * anything is sent (a file more than 3 bytes a character over the limit is not even read).
 */
export async function readSourceFiles(dir: string, maxLength = MAX_FILE_LENGTH): Promise<LocalFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`cannot read the folder ${dir} (${code ?? (error as Error).message})`, EXIT.usage);
  }
  const names = entries
    .filter((e) => e.isFile() && isSourceFile(e.name))
    .map((e) => e.name)
    .sort();
  const files: LocalFile[] = [];
  const tooLong = (file: string) =>
    new CliError(`${file} is longer than the ${maxLength} characters a project file may have`, EXIT.usage);
  for (const name of names) {
    const file = path.join(dir, name);
    // UTF-8 takes at most 3 bytes per UTF-16 unit, so a bigger file is too long whatever it holds.
    if ((await stat(file)).size > 3 * maxLength) throw tooLong(file);
    const bytes = await readFile(file);
    let content: string;
    try {
      content = utf8.decode(bytes);
    } catch {
      throw new CliError(`${file} is not UTF-8 text; project files are text`, EXIT.usage);
    }
    if (content.length > maxLength) throw tooLong(file);
    files.push({ name, content, size: bytes.length });
  }
  return files;
}
