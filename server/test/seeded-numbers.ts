/** A fixed sequence of numbers in [0, 1) for a seed, so a test builds the same world on every run. */
export function seededNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
