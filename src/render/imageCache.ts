// Drawn images kept in memory to be sent again, the least recently used dropped first once the
// images together pass a size in bytes. A review's positions never change (a game's version is
// part of their key), so a press that steps back to one already drawn sends the same bytes.

export type ImageCache = {
  get(key: string): Buffer | undefined;
  set(key: string, image: Buffer): void;
  /** The bytes held now. */
  readonly bytes: number;
  readonly size: number;
};

export function createImageCache(maxBytes: number): ImageCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const images = new Map<string, Buffer>();
  let bytes = 0;

  function drop(key: string): void {
    const old = images.get(key);
    if (!old) return;
    images.delete(key);
    bytes -= old.byteLength;
  }

  return {
    get(key) {
      const image = images.get(key);
      if (image) {
        images.delete(key);
        images.set(key, image);
      }
      return image;
    },
    set(key, image) {
      drop(key);
      // An image larger than the whole cache is not kept (it would only push out everything else).
      if (image.byteLength > maxBytes) return;
      images.set(key, image);
      bytes += image.byteLength;
      for (const oldest of images.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return images.size;
    },
  };
}
