import { parseArgs } from 'node:util';
import { STEP_TIMEOUT_MS, formatScenario, runScenario } from './scenario.js';

const USAGE = `Usage: npm run contract -- --base-url <URL> [--api-key <key>] [--cookie <cookie header>] [--timeout-ms <ms>] [--json]

Runs a safe scenario against a live compile API and checks every response against
openapi/openapi.json: reads; create, read back, update and delete a scratch project and its file;
queue and cancel a build; negative cases (422 detail lists, 401 without credentials). The scratch
project is deleted at the end. Exits 0 when every step passed with no contract violation, 1 when
not, 2 on a usage error.

  --base-url   origin of the API, e.g. https://compile.example.com (or a gateway)
  --api-key    an API key (Authorization: Bearer); also read from CONTRACT_API_KEY
  --cookie     a Cookie header of a signed-in session (app.at=…), for the API-key and terms
               operations that need one; also read from CONTRACT_COOKIE
  --timeout-ms longest one step may take, its answer included (default ${STEP_TIMEOUT_MS}); a step
               over it fails, so a server that stops answering cannot hang a CI job
  --json       print the result as JSON instead of a table`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        cookie: { type: 'string' },
        'timeout-ms': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const baseUrl = values['base-url'];
  if (!baseUrl || !/^https?:\/\//.test(baseUrl) || !URL.canParse(baseUrl)) {
    console.error(`--base-url must be an http(s) URL${baseUrl ? ` (got ${JSON.stringify(baseUrl)})` : ''}\n\n${USAGE}`);
    return 2;
  }
  const apiKey = values['api-key'] ?? process.env.CONTRACT_API_KEY;
  const cookie = values.cookie ?? process.env.CONTRACT_COOKIE;
  if (!apiKey && !cookie) {
    console.error(`Give --api-key or --cookie: most operations need credentials.\n\n${USAGE}`);
    return 2;
  }

  const timeoutText = values['timeout-ms'];
  const timeoutMs = timeoutText === undefined ? STEP_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    console.error(
      `--timeout-ms must be a whole number of milliseconds (got ${JSON.stringify(timeoutText)})\n\n${USAGE}`,
    );
    return 2;
  }

  const result = await runScenario({ baseUrl, apiKey, cookie, timeoutMs });
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          steps: result.steps,
          violations: result.violations,
          failed: result.failed,
          coverage: result.coverage.toJSON(),
        },
        null,
        2,
      ),
    );
  } else {
    console.log(formatScenario(result));
  }
  return result.failed > 0 || result.violations.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
