import type { Api } from '../api/client.js';
import { ApiError } from '../api/failures.js';
import { CliError, EXIT } from '../errors.js';
import { resolveProject } from '../projects.js';
import { shortId } from '../table.js';
import type { Build, ProjectSummary } from '@cloud-compile/shared/api-types';

/** A build id as the API makes them: 24 hexadecimal characters. */
const FULL_ID = /^[0-9a-f]{24}$/;
/** The shortest part of an id taken as one (the command prints 7, the app shows 7). */
export const MIN_SHORT_ID = 4;
/** The build page's address as the command prints it: `…/#/builds/<project id>/<build id>`. */
const BUILD_PAGE = /#\/builds\/([0-9a-f]{24})\/([0-9a-f]{24})\/?$/;

/** What a `<build>` argument names: one build by its id, or the part of an id the command printed. */
export type BuildReference = { kind: 'id'; id: string } | { kind: 'part'; part: string };

/**
 * Reads a `<build>` argument in every form the command prints: the full id, the short id of
 * "Queued build a9a72a1…" and "Build a9a72a1 succeeded" (its last 7 characters; any end or start of
 * the id of at least 4 characters), or the build page's address.
 */
export function parseBuildReference(text: string): BuildReference {
  const trimmed = text.trim();
  const page = BUILD_PAGE.exec(trimmed);
  if (page) return { kind: 'id', id: page[2]! };
  const lower = trimmed.toLowerCase();
  if (FULL_ID.test(lower)) return { kind: 'id', id: lower };
  if (lower.length >= MIN_SHORT_ID && lower.length < 24 && /^[0-9a-f]+$/.test(lower))
    return { kind: 'part', part: lower };
  throw new CliError(
    `${JSON.stringify(text)} is not a build id: give the id the command printed (e.g. a9a72a1, or all 24 characters) or the build's address`,
    EXIT.usage,
  );
}

/** The builds whose id ends (as printed) or starts with `part`. */
export function buildsMatching<T extends Pick<Build, 'id'>>(builds: readonly T[], part: string): T[] {
  return builds.filter((build) => build.id.endsWith(part) || build.id.startsWith(part));
}

async function details(api: Api, id: string, shown: string): Promise<Build> {
  try {
    return (await api.buildDetails({ build_id: id })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new CliError(`Build ${shown} not found`, EXIT.failed);
    throw error;
  }
}

/**
 * The build a `<build>` argument names. A part of an id is looked for among the builds of `project`
 * (a name or id, when given) or of all the user's projects; none or several matching is an error that says so.
 */
export async function findBuild(api: Api, text: string, project?: string): Promise<Build> {
  const reference = parseBuildReference(text);
  if (reference.kind === 'id') return details(api, reference.id, shortId(reference.id));
  const projects: ProjectSummary[] = project ? [await resolveProject(api, project)] : (await api.listProjects()).data;
  const matches: Build[] = [];
  for (const p of projects) {
    const { data: builds } = await api.projectBuilds({ project_id: p.id });
    matches.push(...buildsMatching(builds, reference.part));
  }
  const where = project ? `among the builds of ${projects[0]!.name}` : 'among the builds of your projects';
  if (matches.length === 0) throw new CliError(`Build ${reference.part} not found ${where}`, EXIT.failed);
  if (matches.length > 1) {
    const listed = matches
      .slice(0, 5)
      .map((b) => `${b.id} (${b.project_name})`)
      .join(', ');
    throw new CliError(
      `Build ${reference.part} is ambiguous: ${matches.length} builds match (${listed}${matches.length > 5 ? ', …' : ''}); give more of its id${project ? '' : ' or --project'}`,
      EXIT.usage,
    );
  }
  return matches[0]!;
}
