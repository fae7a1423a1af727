import { describe, expect, it } from 'vitest';
import { clampView, fitView, formatTime, panView, timeTicks, timeToX, xToTime, zoomView } from './time-scale';

const view = { start: 1000, end: 3000, width: 200 };

describe('time ↔ pixel', () => {
  it('maps the view onto its width and back', () => {
    expect(timeToX(view, 1000)).toBe(0);
    expect(timeToX(view, 3000)).toBe(200);
    expect(timeToX(view, 2000)).toBe(100);
    expect(xToTime(view, 50)).toBe(1500);
    expect(xToTime(view, timeToX(view, 2345))).toBeCloseTo(2345, 9);
  });

  it('zooms about the anchor, keeping it at its pixel', () => {
    const zoomed = zoomView(view, 4, 1500, 10_000);
    expect(zoomed.end - zoomed.start).toBe(500);
    expect(timeToX(zoomed, 1500)).toBeCloseTo(timeToX(view, 1500), 9);
  });

  it('stops zooming out at the whole run and in at a few time units', () => {
    expect(zoomView(view, 0.001, 2000, 5000)).toEqual({ start: 0, end: 5000, width: 200 });
    const deep = zoomView(view, 1e9, 2000, 5000);
    expect(deep.end - deep.start).toBe(4);
  });

  it('pans by pixels and stays inside the run', () => {
    expect(panView(view, 100, 10_000)).toEqual({ start: 2000, end: 4000, width: 200 });
    expect(panView(view, -1000, 10_000)).toEqual({ start: 0, end: 2000, width: 200 });
    expect(panView(view, 1e6, 10_000)).toEqual({ start: 8000, end: 10_000, width: 200 });
    expect(clampView({ start: -5, end: 20, width: 10 }, 10)).toEqual({ start: 0, end: 10, width: 10 });
  });

  it('fits the whole run', () => {
    expect(fitView(8000, 640)).toEqual({ start: 0, end: 8000, width: 640 });
  });
});

describe('formatTime', () => {
  it('picks the unit people read', () => {
    expect(formatTime(0)).toBe('0 ps');
    expect(formatTime(8000)).toBe('8 ns');
    expect(formatTime(1_500_000)).toBe('1.5 µs');
    expect(formatTime(2.5e9)).toBe('2.5 ms');
    expect(formatTime(123_456)).toBe('123.5 ns');
  });
});

describe('timeTicks', () => {
  it('gives round steps at least the minimum spacing apart', () => {
    const ticks = timeTicks({ start: 0, end: 1000, width: 800 }, 80);
    expect(ticks).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(timeTicks({ start: 130, end: 1130, width: 400 }, 80)).toEqual([200, 400, 600, 800, 1000]);
  });
});
