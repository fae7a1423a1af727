/**
 * Which waiting id (by index; -1 when none waits) a queue hands out next, when ids belong to groups
 * (client addresses): groups take turns. The id is the first waiting one of the group with the fewest
 * ids claimed now and, among those, the one served longest ago (`lastServed`: a rising number per
 * group; a group never served, or not since it last had nothing in the queue, comes first). Within a
 * group, and between groups alike placed, first come first served. So a group that queued many ids
 * gets one at a time in turn with the others, never all of its ids ahead of a later group's one.
 * (redis-store.ts's claim script does the same in Lua.)
 */
export function fairTurn(
  waitingGroups: readonly string[],
  claimedGroups: readonly string[],
  lastServed: ReadonlyMap<string, number>,
): number {
  const claimed = new Map<string, number>();
  for (const group of claimedGroups) claimed.set(group, (claimed.get(group) ?? 0) + 1);
  let best = -1;
  let bestClaimed = Infinity;
  let bestServed = Infinity;
  for (let index = 0; index < waitingGroups.length; index++) {
    const group = waitingGroups[index]!;
    const count = claimed.get(group) ?? 0;
    const served = lastServed.get(group) ?? -1;
    if (count < bestClaimed || (count === bestClaimed && served < bestServed)) {
      [best, bestClaimed, bestServed] = [index, count, served];
    }
  }
  return best;
}

/**
 * `lastServed` without the groups that have nothing waiting or claimed any more: what is kept stays
 * bounded by the queue's own size, and a group that comes back later starts afresh.
 */
export function pruneServed(
  lastServed: Map<string, number>,
  waitingGroups: readonly string[],
  claimedGroups: readonly string[],
): void {
  if (lastServed.size === 0) return;
  const present = new Set([...waitingGroups, ...claimedGroups]);
  for (const group of lastServed.keys()) if (!present.has(group)) lastServed.delete(group);
}
