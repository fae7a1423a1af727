import { describe, expect, it } from 'vitest';
import { followedProgress, type ShownProgress } from './followed-progress';

const queued: ShownProgress = { status: 'queued', stage: null, queue_position: 1 };
const running = (stage: ShownProgress['stage']): ShownProgress => ({ status: 'running', stage, queue_position: null });
const succeeded: ShownProgress = { status: 'succeeded', stage: null, queue_position: null };

describe('followedProgress: the header says what the log shows', () => {
  it("is running in the log's stage while the build, read earlier, still says queued", () => {
    expect(followedProgress(queued, { stage: 'SYNTHESIS', complete: false, seenActive: true })).toEqual(
      running('SYNTHESIS'),
    );
  });

  it("follows the log's stage, not one the build reached after the log was read", () => {
    expect(followedProgress(running('ROUTE'), { stage: 'SYNTHESIS', complete: false, seenActive: true })).toEqual(
      running('SYNTHESIS'),
    );
  });

  it('stays running until the log has its end, then shows how the build ended', () => {
    expect(followedProgress(succeeded, { stage: 'BITSTREAM', complete: false, seenActive: true })).toEqual(
      running('BITSTREAM'),
    );
    expect(followedProgress(succeeded, { stage: 'BITSTREAM', complete: true, seenActive: true })).toEqual(succeeded);
    expect(followedProgress(succeeded, { stage: null, complete: false, seenActive: true })).toEqual(running(null));
  });

  it('shows a queued build as queued until its log starts', () => {
    expect(followedProgress(queued, { stage: null, complete: false, seenActive: true })).toEqual(queued);
  });

  it('shows a cancel at once, and a build first seen finished as it is', () => {
    const cancelled: ShownProgress = { status: 'cancelled', stage: null, queue_position: null };
    expect(followedProgress(cancelled, { stage: 'SYNTHESIS', complete: false, seenActive: true })).toEqual(cancelled);
    expect(followedProgress(succeeded, { stage: 'ROUTE', complete: false, seenActive: false })).toEqual(succeeded);
  });
});
