import { useParams } from 'react-router';
import { GuideExportMenu } from '@/features/guide-exports/components/guide-export-menu';
import { GuideDetail } from '@/features/guides/components/guide-detail';
import { GuideRouteMap } from '@/features/maps/components/lazy-maps';
import { GuideLoader } from '@/features/guides/components/guide-loader';
import { DocumentTitle } from '@/lib/document-title';
import { CopyLinkButton } from '@/components/content/copy-link-button';
import { ShareGuideControl } from '@/features/guide-sharing/components/share-guide-control';
import { MakeAvailableOffline } from '@/features/offline/components/make-available-offline';
import { guidePath } from '@/components/navigation/content-path';

export function ViewGuideRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto grid w-full max-w-4xl">
      <GuideLoader key={id} id={id}>
        {(guide) => (
          <>
            <DocumentTitle title={guide.title} />
            <GuideDetail
              guide={guide}
              routeMap={GuideRouteMap}
              actions={
                <>
                  <CopyLinkButton path={guidePath(guide.id)} />
                  {guide.viewer.isOwner ? (
                    <ShareGuideControl guideId={guide.id} visibility={guide.visibility} hidden={guide.hidden} />
                  ) : null}
                  <GuideExportMenu guideId={guide.id} />
                  <MakeAvailableOffline guide={guide} />
                </>
              }
            />
          </>
        )}
      </GuideLoader>
    </div>
  );
}
