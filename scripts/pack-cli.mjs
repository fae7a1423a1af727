// `npm run pack:cli`: the cloud-compile command as an npm package (its `prepack` bundles cli/dist),
// saved as cli/pack/cloud-compile-cli.tgz. The gateway serves that file at
// /downloads/cloud-compile-cli.tgz, which is what the sample CI workflow installs from
// (`npm install --global "$CLOUD_COMPILE_URL/downloads/cloud-compile-cli.tgz"`). An optional argument
// names another folder for the file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const destination = path.resolve(process.argv[2] ?? path.join(root, 'cli/pack'));
fs.mkdirSync(destination, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const output = execFileSync(
  npm,
  ['pack', '--workspace', 'cli', '--pack-destination', destination, '--json', '--loglevel=error'],
  // npm's lifecycle banners go to stderr; a failure throws with them in its message.
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
);
const [{ filename }] = JSON.parse(output);
// npm names it @scope-name-version.tgz (cloud-compile-cli-0.1.0.tgz); one fixed name is what the gateway serves.
const packed = path.join(destination, path.basename(filename.replace(/^@/, '').replace('/', '-')));
const target = path.join(destination, 'cloud-compile-cli.tgz');
fs.renameSync(packed, target);
console.log(`pack:cli: ${path.relative(process.cwd(), target) || target}`);
