import { useParams } from 'react-router';
import { GuideDetail } from '@/features/guides/components/guide-detail';
import { GuideLoader } from '@/features/guides/components/guide-loader';

export function ViewGuideRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto grid w-full max-w-4xl">
      <GuideLoader key={id} id={id}>
        {(guide) => <GuideDetail guide={guide} />}
      </GuideLoader>
    </div>
  );
}
