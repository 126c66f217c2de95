import { Navigate, useLocation, useParams } from 'react-router';
import { GuideLoader } from '@/features/guides/components/guide-loader';
import { useGuideMap } from '@/features/guides/api/get-guide-map';
import { PrintableGuide } from '@/features/guide-exports/components/printable-guide';
import type { Guide } from '@common/schemas/guide';
import { hasQueryFailed } from '@/components/feedback/query-failure';
import { useMe } from '@/lib/api/get-me';
import { DocumentTitle } from '@/lib/document-title';
import { signInPathFor } from '@/lib/safe-next';
import { SessionError, SessionLoading } from './session-status';
import { guidePath } from '@/components/navigation/content-path';

/**
 * /print-guide/:id (issue 23, ADR 067): the guide's print layout, outside the app shell so no
 * header, sidebar or banner reaches the paper. Members only, as the shell's screens: a visitor
 * signs in and comes back; a pending account goes to its waiting screen.
 */
export function PrintGuideRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const me = useMe();
  if (hasQueryFailed(me)) return <SessionError query={me} />;
  if (me.isPending) return <SessionLoading />;
  if (!me.data) return <Navigate to={signInPathFor(location.pathname, location.search)} replace />;
  if (me.data.role === 'pending') return <Navigate to="/dashboard" replace />;
  // On paper the screen's full-height frame is one whole sheet: with anything above or below the
  // guide it spilled onto a blank second page (issue 36). Print ends where the guide does.
  return (
    <div className="min-h-dvh bg-muted/40 print:min-h-0 print:bg-white">
      <GuideLoader key={id} id={id}>
        {(guide) => <PrintPage guide={guide} />}
      </GuideLoader>
    </div>
  );
}

function PrintPage({ guide }: { guide: Guide }) {
  const guideMap = useGuideMap(guide.id);
  return (
    <>
      <DocumentTitle title={guide.title} />
      <PrintableGuide guide={guide} guideMap={guideMap.data} pageUrl={`${window.location.origin}${guidePath(guide.id)}`} />
    </>
  );
}
