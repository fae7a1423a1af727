import { createHash } from 'node:crypto';
import { Faker, en } from '@faker-js/faker';
import { STAGES, type StageName } from '../../domain.js';
import type { SeedProject } from '../../fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A past build as generated: times, outcome, and for a cancelled one where its log stops. */
export interface HistoricBuild {
  id: string;
  queuedAt: Date;
  startedAt: Date;
  finishedAt: Date;
  status: 'succeeded' | 'failed' | 'cancelled';
  /** The stage a cancelled build stopped in, with the share of that stage's log it got through. */
  cancelledIn?: { stage: StageName; fraction: number };
  /** When each stage that ran started and finished. */
  stageTimes: { stage: StageName; startedAt: Date; finishedAt: Date }[];
}

export interface ProjectHistory {
  projectId: string;
  createdAt: Date;
  updatedAt: Date;
  /** Per source file: when it was last saved. */
  fileTimes: Date[];
  builds: HistoricBuild[];
}

/**
 * A faker seeded by the configured seed, the owner and the project, so every start (and every
 * fresh session sandbox) shows the same history, whatever order sandboxes are created in.
 */
export function seededFaker(seed: number, ...parts: string[]): Faker {
  const faker = new Faker({ locale: [en] });
  const digest = createHash('sha256')
    .update([seed, ...parts].join('\0'))
    .digest();
  faker.seed(digest.readUInt32BE(0));
  return faker;
}

/** A 24-hex id like the real service's (its last 7 characters are what users see). */
export const objectId = (faker: Faker) => faker.database.mongodbObjectId();

/** The generated history of one seed project for one owner, relative to the gateway's start. */
export function generateHistory(project: SeedProject, ownerEmail: string, seed: number, start: Date): ProjectHistory {
  const faker = seededFaker(seed, ownerEmail.toLowerCase(), project.slug);
  const at = (daysAgo: number) => new Date(start.getTime() - daysAgo * DAY_MS);
  const createdAt = at(project.created_days_ago);
  const updatedAt = at(project.updated_days_ago);
  const projectId = objectId(faker);
  const fileTimes = project.files.map(() =>
    faker.date.between({ from: createdAt, to: updatedAt.getTime() > createdAt.getTime() ? updatedAt : createdAt }),
  );
  // The most recently saved file is what made the project "updated".
  if (fileTimes.length) fileTimes[fileTimes.length - 1] = updatedAt;

  // Past builds were queued while the project was worked on, and had finished before the start.
  const latest = Math.min(updatedAt.getTime(), start.getTime() - 2 * 60 * 60 * 1000);
  const earliest = Math.min(createdAt.getTime(), latest - 1000);
  const queuedTimes = faker.date
    .betweens({ from: earliest, to: latest, count: project.history })
    .sort((a, b) => a.getTime() - b.getTime());
  const builds = queuedTimes.map((queuedAt): HistoricBuild => {
    const id = objectId(faker);
    const startedAt = new Date(queuedAt.getTime() + faker.number.int({ min: 5, max: 90 }) * 1000);
    const status: HistoricBuild['status'] = project.build_error
      ? 'failed'
      : faker.helpers.weightedArrayElement([
          { weight: 85, value: 'succeeded' as const },
          { weight: 15, value: 'cancelled' as const },
        ]);
    let lastStage: StageName = project.build_error?.stage ?? 'BITSTREAM';
    let cancelledIn: HistoricBuild['cancelledIn'];
    if (status === 'cancelled') {
      lastStage = faker.helpers.arrayElement(STAGES);
      cancelledIn = { stage: lastStage, fraction: faker.number.float({ min: 0.1, max: 0.9, fractionDigits: 2 }) };
    }
    const stageTimes: HistoricBuild['stageTimes'] = [];
    let clock = startedAt.getTime();
    for (const stage of STAGES) {
      const seconds = faker.number.int({ min: 30, max: stage === 'ROUTE' || stage === 'SYNTHESIS' ? 150 : 60 });
      stageTimes.push({ stage, startedAt: new Date(clock), finishedAt: new Date(clock + seconds * 1000) });
      clock += seconds * 1000;
      if (stage === lastStage) break;
    }
    return { id, queuedAt, startedAt, finishedAt: new Date(clock), status, cancelledIn, stageTimes };
  });
  return { projectId, createdAt, updatedAt, fileTimes, builds };
}
