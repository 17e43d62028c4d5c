/** Runs `work` over `list` in slices of `size` (bounded IN lists and statement sizes). */
export async function inChunks<T>(list: readonly T[], size: number, work: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < list.length; i += size) await work(list.slice(i, i + size));
}
