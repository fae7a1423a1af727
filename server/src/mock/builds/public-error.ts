/**
 * What a user may read of an error the build service met: never a path of the gateway's machine
 * (its temp directory, the fixtures' folder, a user name in a home directory). Node's file errors
 * name the path they failed on (`ENAMETOOLONG: name too long, open '/tmp/cc-build-…/src/…'`).
 */

/** Sentences for the file system's errors a build can meet, by Node's error code. */
const BY_CODE: Record<string, string> = {
  ENAMETOOLONG: 'a file name is longer than the file system allows (255 bytes of UTF-8)',
  ENOSPC: "the build machine's disk is full",
  EDQUOT: "the build machine's disk quota is used up",
  EMFILE: 'the build machine has too many files open',
  ENFILE: 'the build machine has too many files open',
  ENOENT: 'a file the build needs is missing',
  EACCES: 'a file the build needs may not be read or written',
};

/** An absolute path, quoted or not: what Node's messages put after the failed call's name. */
const ABSOLUTE_PATH = /'\/[^']*'|"\/[^"]*"|(?<![\w.])\/[^\s'",;)]+/g;

/** The error as one short text without any path of the machine: a known code's sentence, else its message with each path replaced by its last part. */
export function publicErrorMessage(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code]!;
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(ABSOLUTE_PATH, (found) => {
    const bare = found.replace(/^['"]|['"]$/g, '');
    return `'${bare.slice(bare.lastIndexOf('/') + 1)}'`;
  });
}
