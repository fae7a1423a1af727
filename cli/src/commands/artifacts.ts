import type { Readable } from 'node:stream';
import path from 'node:path';
import type { Command } from 'commander';
import { artifactPath, saveArtifact } from '../artifacts/download.js';
import { BUILD_ARGUMENT, PROJECT_OPTION } from '../build/build-argument.js';
import { findBuild } from '../build/find-build.js';
import { isFinished } from '../build/progress.js';
import { contextOf } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import { formatBytes, shortId } from '../table.js';

export function registerArtifacts(program: Command): void {
  program
    .command('artifacts')
    .description("download a finished build's artifacts (bitstreams, reports, stage logs)")
    .argument('<build>', BUILD_ARGUMENT)
    .option(...PROJECT_OPTION)
    .requiredOption('-o, --out <dir>', 'the folder to save them in (created when missing)')
    .option('-n, --name <artifact...>', 'only these artifacts')
    .addHelpText(
      'after',
      "\nEach file is streamed to a temporary name and renamed when its size matches the build's list.\n\nExamples:\n  cloud-compile artifacts e3c702b --out out\n  cloud-compile artifacts 6f1c2d9e8a7b6c5d4e3f2a1b --out out --name bitstreams.tar",
    )
    .action(async (text: string, options: { out: string; name?: string[]; project?: string }, command: Command) => {
      const { api, out } = contextOf(command);
      const build = await findBuild(api, text, options.project);
      if (!isFinished(build)) {
        throw new CliError(
          `build ${shortId(build.id)} is ${build.status}: its artifacts appear when it finishes (build --wait)`,
          EXIT.failed,
        );
      }
      const wanted = options.name ? new Set(options.name) : undefined;
      const unknown = [...(wanted ?? [])].filter((name) => !build.artifacts.some((a) => a.name === name));
      if (unknown.length) {
        throw new CliError(
          `build ${shortId(build.id)} has no artifact ${unknown.join(', ')} (it has ${build.artifacts.map((a) => a.name).join(', ') || 'none'})`,
          EXIT.failed,
        );
      }
      const saved: { name: string; size: number; path: string }[] = [];
      for (const artifact of build.artifacts) {
        if (wanted && !wanted.has(artifact.name)) continue;
        const target = artifactPath(options.out, artifact.name);
        out.status(`Downloading ${artifact.name} (${formatBytes(artifact.size)})…`);
        const response = await api.getArtifact({ build_id: build.id, artifact_name: artifact.name }, null, {
          responseType: 'stream',
        });
        const size = await saveArtifact(response.data as unknown as Readable, target, artifact.size);
        saved.push({ name: artifact.name, size, path: path.resolve(target) });
        out.clearStatus();
        out.line(`saved ${target} (${formatBytes(size)})`);
      }
      out.data({ build_id: build.id, artifacts: saved });
      if (saved.length === 0) out.note(`Build ${shortId(build.id)} has no artifacts`);
    });
}
