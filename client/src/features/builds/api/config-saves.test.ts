import { describe, expect, it } from 'vitest';
import { configSavesSettled, trackConfigSave } from './config-saves';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('configuration saves a build waits for', () => {
  it('resolves at once when nothing is being saved', async () => {
    await expect(configSavesSettled('none')).resolves.toBeUndefined();
  });

  it('waits for the save in flight, and for one started while waiting', async () => {
    const first = deferred();
    const second = deferred();
    trackConfigSave('p1', first.promise);
    let settled = false;
    const waiting = configSavesSettled('p1').then(() => (settled = true));
    trackConfigSave('p1', second.promise);
    first.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    second.resolve();
    await waiting;
    expect(settled).toBe(true);
  });

  it('a failed save does not block the build (the panel reports it)', async () => {
    const save = deferred();
    trackConfigSave('p2', save.promise);
    const waiting = configSavesSettled('p2');
    save.reject(new Error('refused'));
    await expect(waiting).resolves.toBeUndefined();
  });

  it('keeps projects apart', async () => {
    trackConfigSave('p3', new Promise(() => {}));
    await expect(configSavesSettled('p4')).resolves.toBeUndefined();
  });
});
