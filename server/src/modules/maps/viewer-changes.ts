/** What a viewer's map differs by (ADR 084), shared by the repository that reads it and the cache that keeps it. */

/** One tip of a viewer's correction: taken away (id null: a hidden author's public tip) or added. */
export interface CorrectionRow {
  cell: bigint;
  latitude: number;
  longitude: number;
  country: string;
  id: string | null;
}

/** One cell of the view's level: the tips it loses and gains, with their coordinate sums. */
export interface CellChange {
  x: number;
  y: number;
  removed: number;
  removedLatitude: number;
  removedLongitude: number;
  added: number;
  addedLatitude: number;
  addedLongitude: number;
  /** The lowest id among the gained tips (the point when it is the cell's only tip). */
  addedId: string | null;
}

export interface Correction {
  epoch: string;
  /** When the soonest active suspension ends (ms; Infinity: none will). */
  nextExpiry: number;
  rows: CorrectionRow[];
}
