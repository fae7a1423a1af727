import { describe, expect, it } from 'vitest';
import { deepFreeze, ReadViews } from './read-views.js';

describe('ReadViews', () => {
  it('renders a view once per key and hands every caller the same frozen object', () => {
    const views = new ReadViews();
    let renders = 0;
    const render = () => {
      renders++;
      return [{ id: 'p1', latest_build: { stages: [{ name: 'IP' }] } }];
    };
    const first = views.get('projects 0', render);
    expect(views.get('projects 0', render)).toBe(first);
    expect(renders).toBe(1);
    expect(views.get('projects 1', render)).not.toBe(first);
    expect(renders).toBe(2);
    expect(() => first.push({ id: 'p2', latest_build: { stages: [] } })).toThrow(TypeError);
    expect(() => (first[0]!.latest_build.stages[0]!.name = 'changed')).toThrow(TypeError);
  });

  it('keeps at most maxViews, dropping the oldest', () => {
    const views = new ReadViews(2);
    let renders = 0;
    const render = () => ({ n: ++renders });
    views.get('a', render);
    views.get('b', render);
    views.get('c', render);
    expect(views.get('c', render)).toEqual({ n: 3 });
    expect(views.get('a', render)).toEqual({ n: 4 });
  });

  it('deepFreeze freezes nested objects and arrays and leaves primitives alone', () => {
    const value = deepFreeze({ list: [{ at: 'x' }], n: 1, none: null });
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(deepFreeze(3)).toBe(3);
  });
});
