import { ConnectionsFeedSection } from './connections-feed-section';
import { FirstRunChecklist } from './first-run-checklist';
import { PopularSection } from './popular-section';

/** Below SPEC's three cards (issue 21): the checklist while it has steps left, then the two lists. */
export function HomeSections() {
  return (
    <>
      <FirstRunChecklist />
      <ConnectionsFeedSection />
      <PopularSection />
    </>
  );
}
