import { formatByteSize, type ByteSizeStyle } from '@cloud-compile/shared';
import type { MockLimits } from '../../config.js';
import { ApiError, ApiValidationError } from '../../errors.js';
import { CheckRate } from '../checks/check-rate.js';
import type { Sandbox } from '../store/sandbox.js';
import { hourlyRateError } from '../hourly-rate.js';
import type { HandlerContext } from './types.js';

/** The demo's limits: whole bytes, KiB to one decimal, MiB to two, trailing zeros dropped. */
const LIMIT_BYTE_SIZES: ByteSizeStyle = {
  units: ['bytes', 'KiB', 'MiB'],
  digits: (_value, unit) => (unit === 1 ? 1 : 2),
  trimZeros: true,
};

/** 1000 bytes, 2.4 KiB, 2 MiB: how a limit reads in a message. */
export function bytesText(bytes: number): string {
  return formatByteSize(bytes, LIMIT_BYTE_SIZES);
}

/** A count or size limit: 422 with a FastAPI detail list whose message names the limit. */
function overLimit(loc: (string | number)[], message: string): ApiValidationError {
  return new ApiValidationError([{ loc, msg: message, type: 'quota_exceeded' }]);
}

/**
 * The public demo's per-sandbox quotas (MOCK_MAX_*), checked before an operation writes: projects,
 * files per project, bytes per file and in all, builds waiting or running, builds per hour and API
 * keys. Count and size limits answer 422 (a detail list), the build rates 429; every message names
 * the limit and its value, so a visitor knows what to delete or how long to wait.
 */
export class QuotaGuard {
  private readonly checkRate: CheckRate;

  constructor(
    private readonly limits: MockLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.checkRate = new CheckRate(limits.checksPerMinute, now);
  }

  /** Throws the operation's quota error when doing it would pass a limit; does nothing otherwise. */
  check(operationId: string, context: Pick<HandlerContext, 'sandbox' | 'params' | 'body' | 'userId'>): void {
    const { sandbox, params, body } = context;
    const projectId = String(params.project_id);
    switch (operationId) {
      case 'createProject':
        return this.checkNewProject(sandbox, body as { example?: string });
      case 'createFile':
        this.checkFileCount(sandbox, projectId, 1);
        return this.checkBytes(sandbox, projectId, String(params.name), body, false);
      case 'updateFile':
        return this.checkBytes(sandbox, projectId, String(params.name), body, true);
      case 'newProjectBuild':
        return this.checkBuild(sandbox);
      case 'checkDraft':
        return this.checkDraft(context.userId, (body as { content?: unknown } | undefined)?.content);
      case 'createApiKey':
        if (sandbox.usage().apiKeys >= this.limits.apiKeys) {
          throw overLimit(
            ['body'],
            `API key limit reached: this demo keeps at most ${this.limits.apiKeys} API keys per user; delete one first`,
          );
        }
        return;
      default:
    }
  }

  /**
   * Before a build is queued or a simulation started: 503 while the in-memory store holds
   * MOCK_MAX_STORE_MB (`usedBytes`; builds add logs and artifacts, simulations logs and waveforms,
   * idle workspaces going with their builds and simulations make room again). Nothing is dropped to
   * make room: a run never pushes out another visitor's work.
   */
  async checkStorage(operationId: string, usedBytes: () => Promise<number | null>): Promise<void> {
    if (operationId !== 'newProjectBuild' && operationId !== 'startSimulation') return;
    const used = await usedBytes();
    if (used === null || used < this.limits.storeBytes) return;
    throw new ApiError(
      503,
      `The demo's storage is full (it keeps at most ${bytesText(this.limits.storeBytes)} of workspaces and build output): new builds and simulations wait until idle workspaces are cleared; try again in a few minutes`,
    );
  }

  /**
   * After a build was queued (the sandbox keeps its time for the per-hour limit): bounds what the
   * sandbox keeps of finished builds (MOCK_MAX_BUILDS_KEPT_PER_PROJECT, MOCK_MAX_BUILD_BYTES).
   */
  recordBuild(sandbox: Sandbox): void {
    sandbox.retainBuilds({ perProject: this.limits.buildsKeptPerProject, bytes: this.limits.buildBytes });
  }

  private checkNewProject(sandbox: Sandbox, body: { example?: string } | undefined): void {
    if (sandbox.usage().projects >= this.limits.projects) {
      throw overLimit(
        ['body'],
        `Project limit reached: this demo keeps at most ${this.limits.projects} projects per user; delete one first`,
      );
    }
    const example = body?.example === undefined ? undefined : sandbox.listExamples().find((e) => e.id === body.example);
    if (example && example.files.length > this.limits.filesPerProject) {
      throw overLimit(
        ['body', 'example'],
        `File limit: this demo keeps at most ${this.limits.filesPerProject} files per project`,
      );
    }
  }

  private checkFileCount(sandbox: Sandbox, projectId: string, adding: number): void {
    if (sandbox.listFiles(projectId).length + adding > this.limits.filesPerProject) {
      throw overLimit(
        ['path', 'name'],
        `File limit reached: this demo keeps at most ${this.limits.filesPerProject} files per project; delete one first`,
      );
    }
  }

  private checkBytes(sandbox: Sandbox, projectId: string, name: string, body: unknown, replacing: boolean): void {
    const size = typeof body === 'string' ? Buffer.byteLength(body) : 0;
    if (size > this.limits.fileBytes) {
      throw overLimit(
        ['body'],
        `File size limit: this demo keeps files of at most ${bytesText(this.limits.fileBytes)} (this one is ${bytesText(size)})`,
      );
    }
    // A file that does not exist is the handler's 404 (update) or a new one (create).
    const previous = replacing ? (sandbox.listFiles(projectId).find((f) => f.name === name)?.size ?? 0) : 0;
    const total = sandbox.usage().storedBytes - previous + size;
    if (size > previous && total > this.limits.sandboxBytes) {
      throw overLimit(
        ['body'],
        `Storage limit reached: this demo keeps at most ${bytesText(this.limits.sandboxBytes)} of files per user (this save would make ${bytesText(total)}); delete files or projects first`,
      );
    }
  }

  /** A draft is bounded as a saved file is; checks count per user and minute (429 beyond, saying when to try again). */
  private checkDraft(userId: string, content: unknown): void {
    const size = typeof content === 'string' ? Buffer.byteLength(content) : 0;
    if (size > this.limits.fileBytes) {
      throw overLimit(
        ['body', 'content'],
        `File size limit: this demo checks files of at most ${bytesText(this.limits.fileBytes)} (this draft is ${bytesText(size)})`,
      );
    }
    const taken = this.checkRate.take(userId);
    if (!taken.ok) {
      const wait = taken.retryAfterSeconds;
      throw new ApiError(
        429,
        `Check rate limit reached: this demo checks at most ${this.limits.checksPerMinute} drafts per user per minute; try again in ${wait} second${wait === 1 ? '' : 's'}`,
      );
    }
  }

  private checkBuild(sandbox: Sandbox): void {
    if (sandbox.usage().activeBuilds >= this.limits.queuedBuilds) {
      throw new ApiError(
        429,
        `Build queue limit reached: this demo runs at most ${this.limits.queuedBuilds} builds per user at once (queued or running); wait for one to finish or cancel one`,
      );
    }
    const times = sandbox.recentBuildStarts();
    if (times.length >= this.limits.buildsPerHour) {
      throw hourlyRateError({ title: 'Build', plural: 'builds' }, this.limits.buildsPerHour, times[0]!, this.now());
    }
  }
}
