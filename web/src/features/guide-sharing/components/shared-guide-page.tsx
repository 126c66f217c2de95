import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkIcon } from 'lucide-react';
import { SHARE_LINK_TEXTS } from '@common/schemas/share-link';
import { PRODUCT_NAME } from '@common/texts';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { Brand } from '@/components/layout/brand';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { Spinner } from '@/components/ui/spinner';
import { DocumentTitle } from '@/lib/document-title';
import { isLinkGone, useSharedGuide } from '../api/get-shared-guide';
import { SharedGuideView } from './shared-guide-view';

export const REQUEST_INVITATION_TEXT = 'Request an invitation';

/**
 * /shared/guides/:token (ADR 068): a guide as anyone with its link sees it, signed in or not.
 * Nothing of the member app around it: the brand, the guide and a way to ask for an invitation.
 */
export function SharedGuidePage({ token }: { token: string }) {
  const query = useSharedGuide(token);
  let content: ReactNode;
  if (query.data) content = <SharedGuideView guide={query.data} invitation={<InvitationCard />} />;
  else if (query.isError && isLinkGone(query.error)) content = <LinkGone />;
  else if (hasQueryFailed(query)) content = <QueryFailure query={query} />;
  else content = <Spinner label="Loading guide..." />;

  return (
    <div className="min-h-dvh bg-gradient-to-b from-secondary/60 to-background">
      <SkipLink />
      <header className="border-b bg-card/80">
        <div className="mx-auto flex w-full max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring">
            <Brand />
          </Link>
          <Button asChild variant="outline" size="sm">
            <Link to="/request-invitation">{REQUEST_INVITATION_TEXT}</Link>
          </Button>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 wrap-anywhere outline-none"
      >
        {content}
      </main>
    </div>
  );
}

function LinkGone() {
  return (
    <>
      <DocumentTitle title={SHARE_LINK_TEXTS.linkGone} />
      <NoticeCard
        icon={LinkIcon}
        title={SHARE_LINK_TEXTS.linkGone}
        titleAs="h1"
        description="The link may have been revoked by its owner, or it has expired. Ask whoever shared it for a new one."
        className="mx-auto mt-8 w-full max-w-md"
        action={
          <Button asChild>
            <Link to="/request-invitation">{REQUEST_INVITATION_TEXT}</Link>
          </Button>
        }
      />
    </>
  );
}

function InvitationCard() {
  return (
    <section aria-labelledby="join-waymark" className="grid gap-3 rounded-xl border bg-card p-6 text-center shadow-sm">
      <h2 id="join-waymark" className="font-display text-xl font-semibold">
        Plan your own journeys on {PRODUCT_NAME}
      </h2>
      <p className="text-muted-foreground">
        {PRODUCT_NAME} is an invitation-only community for travelers: honest tips and day-by-day guides.
      </p>
      <div>
        <Button asChild>
          <Link to="/request-invitation">{REQUEST_INVITATION_TEXT}</Link>
        </Button>
      </div>
    </section>
  );
}
