import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { notifyFixedFailure, notifySuccess } from '@/lib/notify';
import { useCreateTip } from '../api/create-tip';
import { useUploadTipPhotos } from '../api/upload-tip-photos';
import { TIP_SCREEN_TEXTS as T } from '../texts';
import { EMPTY_TIP_FORM, toTipInput } from '../tip-form-values';
import { TipForm, type TipFormSubmission } from './tip-form';
import { uploadNewPhotos } from '@/components/content/upload-new-photos';

/** /new-tip: upload the photos first (a failure stops there), then create the tip, then /tips. */
export function CreateTip() {
  const navigate = useNavigate();
  const upload = useUploadTipPhotos();
  const create = useCreateTip();
  const status = upload.isPending ? 'uploading' : create.isPending || create.isSuccess ? 'saving' : 'idle';

  const onSubmit = async ({ values, newFiles }: TipFormSubmission) => {
    const photoUrls = await uploadNewPhotos(newFiles, upload.mutateAsync);
    if (!photoUrls) return;
    create.mutate(toTipInput(values, photoUrls), {
      onSuccess: () => {
        notifySuccess(T.createdTitle, T.created);
        void navigate('/tips');
      },
      onError: (error) => notifyFixedFailure(T.createFailed, error),
    });
  };

  return (
    <TipForm
      mode="create"
      defaultValues={EMPTY_TIP_FORM}
      status={status}
      submitLabel="Create Tip"
      savingLabel="Creating..."
      onSubmit={onSubmit}
      secondaryActions={
        <Button type="button" variant="outline" size="lg" onClick={() => void navigate('/tips')} disabled={status !== 'idle'}>
          Cancel
        </Button>
      }
    />
  );
}
