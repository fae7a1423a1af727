import { CommanderError } from 'commander';
import { CliError, EXIT } from './errors.js';
import { createProgram } from './program.js';
import { redact } from './secrets.js';

export async function main(argv: string[] = process.argv): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version "fail" with code 0; commander printed the message already.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const cliError =
      error instanceof CliError
        ? error
        : new CliError(`unexpected error: ${(error as Error)?.message ?? String(error)}`);
    // A progress line may still be on screen: the message replaces it.
    if (process.stderr.isTTY) process.stderr.write('\r\u001b[2K');
    // Messages never carry the key by construction; this is the last guard.
    process.stderr.write(redact(`cloud-compile: ${cliError.message}\n`));
    return cliError.exitCode;
  }
}

process.exitCode = await main();
