import type { ReactNode } from 'react';
import type { ContentCounts, ContentTab } from '@common/schemas/content';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export const CONTENT_TABS: readonly ContentTab[] = ['all', 'tips', 'guides'];

const TABS: { value: ContentTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'tips', label: 'Tips' },
  { value: 'guides', label: 'Guides' },
];

export function countFor(tab: ContentTab, counts: ContentCounts | undefined): number | undefined {
  if (!counts) return undefined;
  return tab === 'all' ? counts.tips + counts.guides : tab === 'tips' ? counts.tips : counts.guides;
}

export function isContentTab(value: unknown): value is ContentTab {
  return value === 'all' || value === 'tips' || value === 'guides';
}

type ContentTabsProps = {
  value: ContentTab;
  onValueChange: (tab: ContentTab) => void;
  counts: ContentCounts | undefined;
  /** The active tab's content. */
  children: ReactNode;
};

/** Tabs All, Tips, Guides, each with its count; only the active tab's list is mounted. */
export function ContentTabs({ value, onValueChange, counts, children }: ContentTabsProps) {
  return (
    <Tabs value={value} onValueChange={(next) => isContentTab(next) && onValueChange(next)}>
      <TabsList>
        {TABS.map((tab) => {
          const count = countFor(tab.value, counts);
          return (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
              {count === undefined ? null : <span className="tabular-nums">({count})</span>}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {TABS.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          {tab.value === value ? children : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
