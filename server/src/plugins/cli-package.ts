import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { REPO_ROOT } from '../config.js';
import { sendError } from '../errors.js';

/** Where `npm run pack:cli` saves the command's package (the Docker image builds it there too). */
export const CLI_PACKAGE_FILE = path.join(REPO_ROOT, 'cli/pack/cloud-compile-cli.tgz');
export const CLI_PACKAGE_PATH = '/downloads/cloud-compile-cli.tgz';

/**
 * The `cloud-compile` command as an npm package, from the gateway whose API it speaks, so a CI job
 * installs the version that matches: `npm install --global "$CLOUD_COMPILE_URL/downloads/cloud-compile-cli.tgz"`
 * (.github/examples/cloud-compile-build.yml). Public, like the app's own files: it holds no secret.
 */
export default fp(
  async (app, options: { file?: string }) => {
    const file = options.file ?? CLI_PACKAGE_FILE;
    app.get(CLI_PACKAGE_PATH, async (_request, reply) => {
      const size = await stat(file).then(
        (s) => (s.isFile() ? s.size : undefined),
        () => undefined,
      );
      if (size === undefined) {
        return sendError(
          reply,
          404,
          'The command-line tool is not packaged on this server: run `npm run pack:cli` where the gateway runs (the Docker image has it)',
        );
      }
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', 'attachment; filename="cloud-compile-cli.tgz"')
        .header('cache-control', 'no-cache')
        .send(createReadStream(file));
    });
  },
  { name: 'cli-package' },
);
