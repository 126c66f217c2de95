/** How many rows of each kind a bench data set holds (issue 7, "Data"). */
export interface DataSizes {
  members: number;
  tips: number;
  guides: number;
  /** Every guide lasts this many days, each with 2-4 items. */
  guideDays: number;
  likes: number;
  saves: number;
  connections: number;
  notifications: number;
}

export type DataSizeName = 'full' | 'small';

export const DATA_SIZES: Record<DataSizeName, DataSizes> = {
  full: {
    members: 10_000,
    tips: 200_000,
    guides: 20_000,
    guideDays: 5,
    likes: 1_000_000,
    saves: 300_000,
    connections: 50_000,
    notifications: 500_000,
  },
  // About 1,000 items of content; the reactions scaled by the same 1/220 as the content,
  // connections by the members (1/50).
  small: {
    members: 200,
    tips: 900,
    guides: 100,
    guideDays: 5,
    likes: 4_500,
    saves: 1_400,
    connections: 1_000,
    notifications: 2_300,
  },
};
