import { useParams } from 'react-router';
import { TipPinMap } from '@/features/maps/components/lazy-maps';
import { TipDetail } from '@/features/tips/components/tip-detail';
import { TipLoader } from '@/features/tips/components/tip-loader';
import { DocumentTitle } from '@/lib/document-title';

export function ViewTipRoute() {
  const { id = '' } = useParams();
  // Keyed by id so moving between tips starts from a clean state.
  return (
    <TipLoader key={id} id={id}>
      {(tip) => (
        <>
          <DocumentTitle title={tip.title} />
          <TipDetail
            tip={tip}
            map={tip.location ? <TipPinMap label={`Map: where ${tip.title} is`} point={tip.location} /> : null}
          />
        </>
      )}
    </TipLoader>
  );
}
