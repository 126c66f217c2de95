import { ConnectionsFeedSection } from './connections-feed-section';
import { PopularSection } from './popular-section';

/** Below the home's three cards (issue 21, docs/product.md#home): the two lists. The checklist comes first, above the cards (issue 36). */
export function HomeSections() {
  return (
    <>
      <ConnectionsFeedSection />
      <PopularSection />
    </>
  );
}
