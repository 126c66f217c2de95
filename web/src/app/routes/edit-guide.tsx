import { useParams } from 'react-router';
import { GuideEditForm } from '@/features/guides/components/guide-edit-form';
import { GuideLoader, NotGuideOwner } from '@/features/guides/components/guide-loader';
import { useDocumentTitle } from '@/lib/document-title';

export function EditGuideRoute() {
  useDocumentTitle('Edit Guide');
  const { id = '' } = useParams();
  return (
    <div className="mx-auto grid w-full max-w-4xl">
      <GuideLoader key={id} id={id}>
        {(guide) => (guide.viewer.isOwner ? <GuideEditForm guide={guide} /> : <NotGuideOwner guideId={guide.id} />)}
      </GuideLoader>
    </div>
  );
}
