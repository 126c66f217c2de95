import { type FailableQuery, QueryFailure } from '@/components/feedback/query-failure';
import { CenteredScreen } from '@/components/layout/centered-screen';
import { Spinner } from '@/components/ui/spinner';

/** Full-page states while the session is being read. */
export function SessionLoading() {
  return (
    <CenteredScreen>
      <Spinner />
    </CenteredScreen>
  );
}

/** The session could not be read: offline, or the server not answering (issue 19); it retries by itself. */
export function SessionError({ query }: { query: FailableQuery }) {
  return (
    <CenteredScreen>
      <div className="w-full max-w-md">
        <QueryFailure query={query} />
      </div>
    </CenteredScreen>
  );
}
