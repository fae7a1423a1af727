import { CommanderError } from 'commander';
import { CliError, EXIT } from './errors.js';
import { createProgram } from './program.js';

/** Anything printed is passed through this: the API key never reaches the terminal or a CI log. */
function redact(text: string): string {
  const key = process.env.CLOUD_COMPILE_API_KEY?.trim();
  const argIndex = process.argv.findIndex((arg) => arg === '--api-key' || arg.startsWith('--api-key='));
  const argKey = argIndex < 0 ? undefined : process.argv[argIndex]!.includes('=') ? process.argv[argIndex]!.split('=').slice(1).join('=') : process.argv[argIndex + 1];
  let result = text;
  for (const secret of [key, argKey?.trim()]) if (secret && secret.length >= 4) result = result.split(secret).join('***');
  return result;
}

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
    const cliError = error instanceof CliError ? error : new CliError(`unexpected error: ${(error as Error)?.message ?? String(error)}`);
    // A progress line may still be on screen: the message replaces it.
    if (process.stderr.isTTY) process.stderr.write('\r\u001b[2K');
    process.stderr.write(redact(`cloud-compile: ${cliError.message}\n`));
    return cliError.exitCode;
  }
}

process.exitCode = await main();
