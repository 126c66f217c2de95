import { useParams } from 'react-router';
import { GuideDetail } from '@/features/guides/components/guide-detail';
import { GuideRouteMap } from '@/features/maps/components/lazy-maps';
import { GuideLoader } from '@/features/guides/components/guide-loader';
import { DocumentTitle } from '@/lib/document-title';
import { MakeAvailableOffline } from '@/features/offline/components/make-available-offline';

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
