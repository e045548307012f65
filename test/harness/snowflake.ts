// Discord snowflakes: (ms since the Discord epoch) << 22 | worker << 17 | process << 12 | increment.
// discord.js derives createdTimestamp from them, and the gateway derives a guild's shard from the
// timestamp part: shard = (guild_id >> 22) % shard_count.

export const DISCORD_EPOCH = 1_420_070_400_000n;

export function shardOf(id: string, shardCount: number): number {
  return Number((BigInt(id) >> 22n) % BigInt(shardCount));
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/** Monotonic snowflake source; ids sort in creation order even within one millisecond. */
export class SnowflakeFactory {
  private lastMs = 0n;
  private increment = 0n;

  next(): string {
    const now = BigInt(Date.now()) - DISCORD_EPOCH;
    if (now > this.lastMs) {
      this.lastMs = now;
      this.increment = 0n;
    } else {
      this.increment += 1n;
      if (this.increment > 0xfffn) {
        this.lastMs += 1n;
        this.increment = 0n;
      }
    }
    return this.compose(this.lastMs, this.increment);
  }

  /** An id whose timestamp part maps to `shardId` of `shardCount` (moves the clock a few ms ahead at most). */
  nextForShard(shardId: number, shardCount: number): string {
    const count = BigInt(shardCount);
    let ms = BigInt(Date.now()) - DISCORD_EPOCH;
    if (ms <= this.lastMs) ms = this.lastMs + 1n;
    while (ms % count !== BigInt(shardId)) ms += 1n;
    this.lastMs = ms;
    this.increment = 0n;
    return this.compose(ms, 0n);
  }

  private compose(ms: bigint, increment: bigint): string {
    return ((ms << 22n) | (1n << 17n) | (1n << 12n) | increment).toString();
  }
}
