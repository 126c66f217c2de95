import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useOwnProfile } from '@/lib/api/get-own-profile';
import { notifyFixedFailure, notifySuccess } from '@/lib/notify';
import { useCreateTip } from '../api/create-tip';
import { useUploadTipPhotos } from '../api/upload-tip-photos';
import { TIP_SCREEN_TEXTS as T } from '../texts';
import { EMPTY_TIP_FORM, preferredTipCurrency, toTipInput } from '../tip-form-values';
import { TipForm, type TipFormSubmission } from './tip-form';
import type { PinMap } from './tip-location-field';
import { uploadNewPhotos } from '@/components/content/upload-new-photos';

/** /new-tip: upload the photos first (a failure stops there), then create the tip, then /tips. */
export function CreateTip({ pinMap }: { pinMap?: PinMap }) {
  const navigate = useNavigate();
  const upload = useUploadTipPhotos();
  const create = useCreateTip();
  // The currency starts at the member's preferred one (issue 21); a failed load falls back to USD.
  const profile = useOwnProfile();
  const status = upload.isPending ? 'uploading' : create.isPending || create.isSuccess ? 'saving' : 'idle';

  const onSubmit = async ({ values, newFiles }: TipFormSubmission, showServerError: (error: unknown) => void) => {
    const photoUrls = await uploadNewPhotos(newFiles, upload.mutateAsync);
    if (!photoUrls) return;
    create.mutate(toTipInput(values, photoUrls), {
      onSuccess: () => {
        notifySuccess(T.createdTitle, T.created);
        void navigate('/tips');
      },
      onError: (error) => {
        notifyFixedFailure(T.createFailed, error);
        showServerError(error);
      },
    });
  };

  if (profile.isPending && profile.fetchStatus !== 'idle') return <Skeleton className="h-96" />;
  return (
    <TipForm
      mode="create"
      defaultValues={{ ...EMPTY_TIP_FORM, currency: preferredTipCurrency(profile.data?.currency) }}
      status={status}
      submitLabel="Create Tip"
      savingLabel="Creating..."
      onSubmit={onSubmit}
      pinMap={pinMap}
      secondaryActions={
        <Button type="button" variant="outline" size="lg" onClick={() => void navigate('/tips')} disabled={status !== 'idle'}>
          Cancel
        </Button>
      }
    />
  );
}
