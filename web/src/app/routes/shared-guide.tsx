import { useParams } from 'react-router';
import { SharedGuidePage } from '@/features/guide-sharing/components/shared-guide-page';

/** /shared/guides/:token: a guide's public link, for anyone, signed in or not (ADR 068). */
export function SharedGuideRoute() {
  const { token = '' } = useParams();
  return <SharedGuidePage key={token} token={token} />;
}
