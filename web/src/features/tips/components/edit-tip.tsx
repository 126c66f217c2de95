import { useNavigate } from 'react-router';
import type { Tip } from '@common/schemas/tip';
import { notifyFixedFailure, notifySuccess } from '@/lib/notify';
import { useDeleteTip } from '../api/delete-tip';
import { useUpdateTip } from '../api/update-tip';
import { useUploadTipPhotos } from '../api/upload-tip-photos';
import { TIP_SCREEN_TEXTS as T } from '../texts';
import { tipToFormValues, toTipInput } from '../tip-form-values';
import { DeleteTipDialog } from './delete-tip-dialog';
import { NarrowingWarning } from './narrowing-warning';
import { TipForm, type TipFormSubmission } from './tip-form';
import type { PinMap } from './tip-location-field';
import { uploadNewPhotos } from '@/components/content/upload-new-photos';
import { tipPath } from '@/components/navigation/content-path';

/** /edit-tip/:id: kept photos plus new uploads (at most 5); saving goes back to the tip. */
export function EditTip({ tip, pinMap }: { tip: Tip; pinMap?: PinMap }) {
  const navigate = useNavigate();
  const upload = useUploadTipPhotos();
  const update = useUpdateTip();
  const remove = useDeleteTip();
  const status = upload.isPending ? 'uploading' : update.isPending || update.isSuccess ? 'saving' : 'idle';

  const onSubmit = async ({ values, newFiles, keptUrls }: TipFormSubmission, showServerError: (error: unknown) => void) => {
    const uploaded = await uploadNewPhotos(newFiles, upload.mutateAsync);
    if (!uploaded) return;
    update.mutate(
      { id: tip.id, input: toTipInput(values, [...keptUrls, ...uploaded]) },
      {
        onSuccess: () => {
          notifySuccess(T.updated);
          void navigate(tipPath(tip.id));
        },
        onError: (error) => {
          notifyFixedFailure(T.updateFailed, error);
          showServerError(error);
        },
      },
    );
  };

  const onDelete = () =>
    remove.mutate(tip.id, {
      onSuccess: () => {
        notifySuccess(T.deleted);
        void navigate('/tips');
      },
      onError: (error) => notifyFixedFailure(T.deleteFailed, error),
    });

  return (
    <TipForm
      mode="edit"
      defaultValues={tipToFormValues(tip)}
      initialPhotoUrls={tip.photoUrls}
      status={status}
      submitLabel="Save Changes"
      savingLabel="Saving..."
      onSubmit={onSubmit}
      pinMap={pinMap}
      visibilityNote={(chosen) => <NarrowingWarning tipId={tip.id} saved={tip.visibility} chosen={chosen} />}
      secondaryActions={
        <DeleteTipDialog isDeleting={remove.isPending || remove.isSuccess} disabled={status !== 'idle'} onConfirm={onDelete} />
      }
    />
  );
}
