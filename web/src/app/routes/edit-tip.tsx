import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EditTip } from '@/features/tips/components/edit-tip';
import { PinPickerMap } from '@/features/maps/components/lazy-maps';
import { NotTipOwner } from '@/features/tips/components/not-tip-owner';
import { TipLoader } from '@/features/tips/components/tip-loader';
import { useDocumentTitle } from '@/lib/document-title';
import { tipPath } from '@/components/navigation/content-path';

export function EditTipRoute() {
  useDocumentTitle('Edit Tip');
  const { id = '' } = useParams();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-3">
        <Button variant="ghost" asChild className="-ml-3 w-fit">
          <Link to={tipPath(id)}>
            <ArrowLeft aria-hidden />
            Back to Tip
          </Link>
        </Button>
        <h1 className="font-display text-3xl font-bold tracking-tight">Edit Tip</h1>
      </div>
      <TipLoader key={id} id={id}>
        {(tip) => (tip.viewer.isOwner ? <EditTip tip={tip} pinMap={PinPickerMap} /> : <NotTipOwner tipId={tip.id} />)}
      </TipLoader>
    </div>
  );
}
