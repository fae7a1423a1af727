import type { Command } from 'commander';
import { createApi, type Api } from './api/client.js';
import { CliError, EXIT } from './errors.js';
import { Output } from './output.js';
import { keepSecret } from './secrets.js';

/** The options every command takes (README: "cloud-compile"). */
export interface GlobalOptions {
  baseUrl?: string;
  apiKey?: string;
  json?: boolean;
  retries: string;
}

export interface Context {
  api: Api;
  out: Output;
  /** Origin of the app and API, without a trailing slash. */
  baseUrl: string;
}

/** The output of a command, for the commands that talk to no API (and for errors before one exists). */
export function outputOf(command: Command): Output {
  return new Output({ json: command.optsWithGlobals<GlobalOptions>().json === true });
}

/** Checks the global options and builds the API client the command uses. */
export function contextOf(command: Command): Context {
  const options = command.optsWithGlobals<GlobalOptions>();
  const out = new Output({ json: options.json === true });
  const baseUrl = (options.baseUrl ?? '').trim().replace(/\/+$/, '');
  if (!baseUrl)
    throw new CliError(
      'give the API address with --base-url or CLOUD_COMPILE_URL (e.g. https://compile.example.com)',
      EXIT.usage,
    );
  if (!/^https?:\/\//i.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new CliError(`--base-url must be an http(s) URL (got ${JSON.stringify(baseUrl)})`, EXIT.usage);
  }
  const apiKey = options.apiKey?.trim();
  if (!apiKey)
    throw new CliError(
      'give an API key with CLOUD_COMPILE_API_KEY (or --api-key); create one under Preferences › API keys',
      EXIT.usage,
    );
  keepSecret(apiKey);
  const retries = Number(options.retries);
  if (!Number.isInteger(retries) || retries < 0 || retries > 10) {
    throw new CliError(
      `--retries must be a whole number from 0 to 10 (got ${JSON.stringify(options.retries)})`,
      EXIT.usage,
    );
  }
  const api = createApi({
    baseUrl,
    apiKey,
    retries,
    onRetry: (retry, reason) => out.note(`cloud-compile: ${reason}; retrying (${retry} of ${retries})…`),
  });
  return { api, out, baseUrl };
}
