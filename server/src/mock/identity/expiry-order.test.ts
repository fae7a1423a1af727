import { describe, expect, it } from 'vitest';
import { ExpiryOrder } from './expiry-order.js';

describe('ExpiryOrder', () => {
  it('takes the expired keys from the front, in order, and leaves the rest', () => {
    const order = new ExpiryOrder();
    order.touch('a', 10);
    order.touch('b', 20);
    order.touch('c', 30);
    expect(order.takeExpired(9)).toEqual([]);
    expect(order.takeExpired(20)).toEqual(['a', 'b']);
    expect(order.size).toBe(1);
  });

  it('a touch moves a key to the end with its new time; a deleted key is never taken', () => {
    const order = new ExpiryOrder();
    order.touch('a', 10);
    order.touch('b', 20);
    order.touch('c', 25);
    order.touch('a', 40);
    order.delete('c');
    expect(order.takeExpired(30)).toEqual(['b']);
    expect(order.takeExpired(40)).toEqual(['a']);
    expect(order.size).toBe(0);
  });
});
