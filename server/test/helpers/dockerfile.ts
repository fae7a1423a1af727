import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
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

/** Docker's default PATH, which the image keeps (node images set none of their own). */
export const IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * The environment the demo's gateway containers run with: the final stage's ENV, then the compose
 * demo service's environment, and the image's PATH. Without the other containers: MOCK_STORE (Redis)
 * and TRUST_PROXY (nginx in front) are left out.
 */
export function demoEnvironment(): Record<string, string> {
  const final = dockerfileStages().at(-1)!;
  const image = Object.fromEntries(
    final.lines
      .filter((line) => line.startsWith('ENV '))
      .flatMap((line) => line.slice(4).split(/\s+/))
      .map((pair) => pair.split('=') as [string, string]),
  );
  const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, { environment?: Record<string, string> }>;
  };
  const demo = { ...compose.services['demo-gateway']?.environment };
  delete demo.MOCK_STORE;
  delete demo.TRUST_PROXY;
  return { ...image, ...demo, PATH: IMAGE_PATH };
}
