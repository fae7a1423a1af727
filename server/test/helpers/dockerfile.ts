import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.js';

export interface DockerfileStage {
  name: string;
  from: string;
  /** Its instructions, continuation lines joined, comments left out. */
  lines: string[];
}

/** The stages of server/Dockerfile (Docker cannot run here: tests read what it would do). */
export function dockerfileStages(): DockerfileStage[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'server/Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const args = Object.fromEntries([...text.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((match) => [match[1], match[2]]));
  const stages: DockerfileStage[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(line);
    if (from) {
      const image = (from[1] ?? '').replace(/\$\{(\w+)\}/g, (_all, name: string) => args[name] ?? '');
      stages.push({ name: from[2] ?? '(final)', from: image, lines: [] });
    } else stages.at(-1)?.lines.push(line);
  }
  return stages;
}
