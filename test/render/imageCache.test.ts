// The images kept for reviews: bounded in bytes, the least recently used dropped first.
import { describe, expect, it } from 'vitest';
import { createImageCache } from '../../src/render/imageCache.js';

const image = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill);

describe('image cache', () => {
  it('given images past its size in bytes, then it drops the least recently used until they fit', () => {
    const cache = createImageCache(1000);
    cache.set('a', image(400));
    cache.set('b', image(400));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', image(400));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(800);
  });

  it('given the same key again, then its bytes are counted once; an image larger than the cache is not kept', () => {
    const cache = createImageCache(1000);
    cache.set('a', image(300));
    cache.set('a', image(500, 2));
    expect(cache.bytes).toBe(500);
    expect(cache.get('a')![0]).toBe(2);
    cache.set('huge', image(1001));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });
});
