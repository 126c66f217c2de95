import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { ArrowLeft, Save, Trash2 } from 'lucide-react';
import { GUIDE_TEXTS, GuideUpdateSchema, type Guide } from '@common/schemas/guide';
import { uploadNewPhotos } from '@/components/content/upload-new-photos';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifyFixedFailure, notifySuccess } from '@/lib/notify';
import { useDeleteGuide } from '../api/delete-guide';
import { useUpdateGuide } from '../api/update-guide';
import { useUploadGuidePhotos } from '../api/upload-guide-photos';
import { fromGuideItems } from '../itinerary';
import { GuideForm, type GuideFormSubmission, type GuideFormValues } from './guide-form';
import { guidePath } from '@/components/navigation/content-path';

const FormSchema = GuideUpdateSchema.omit({ photoUrls: true, items: true });
type FormOutput = ReturnType<typeof FormSchema.parse>;
const resolver = zodResolver(FormSchema) as unknown as Resolver<GuideFormValues, unknown, FormOutput>;

/** Edit Guide (docs/product.md#limits, docs/product.md#forms-and-validation): title and location required, 1-30 days, no photo limit. */
export function GuideEditForm({ guide }: { guide: Guide }) {
  const navigate = useNavigate();
  const upload = useUploadGuidePhotos();
  const update = useUpdateGuide();
  const remove = useDeleteGuide();
  const status = upload.isPending ? 'uploading' : update.isPending ? 'saving' : 'idle';
  const viewPath = guidePath(guide.id);

  const onSubmit = async (
    { values, items, newFiles, keptUrls }: GuideFormSubmission<FormOutput>,
    showServerError: (error: unknown) => void,
  ) => {
    const newUrls = await uploadNewPhotos(newFiles, upload.mutateAsync);
    if (!newUrls) return;
    update.mutate(
      { id: guide.id, input: { ...values, photoUrls: [...keptUrls, ...newUrls], items } },
      {
        onSuccess: () => {
          notifySuccess('Guide updated successfully');
          void navigate(viewPath);
        },
        onError: (error) => {
          notifyError(serverMessageOr(error, 'Failed to update guide'));
          showServerError(error);
        },
      },
    );
  };

  const onDelete = () => {
    if (!window.confirm(GUIDE_TEXTS.deleteConfirm)) return;
    remove.mutate(guide.id, {
      onSuccess: () => {
        notifySuccess('Guide deleted successfully');
        void navigate('/tips');
      },
      onError: (error) => notifyFixedFailure('Failed to delete guide', error),
    });
  };

  return (
    <GuideForm
      mode="edit"
      resolver={resolver}
      defaultValues={{
        title: guide.title,
        location: guide.location ?? '',
        countries: guide.countries,
        description: guide.description ?? '',
        daysCount: guide.daysCount,
        tags: guide.tags,
        visibility: guide.visibility,
      }}
      initialItems={fromGuideItems(guide.items)}
      initialPhotoUrls={guide.photoUrls}
      status={status}
      isLocked={remove.isPending}
      submitLabel="Save Changes"
      savingLabel="Saving..."
      submitIcon={<Save aria-hidden />}
      onSubmit={onSubmit}
      backLink={
        <Button asChild variant="ghost" className="-ml-2">
          <Link to={viewPath}>
            <ArrowLeft aria-hidden />
            Back to Guide
          </Link>
        </Button>
      }
      secondaryActions={
        <Button type="button" variant="destructive" disabled={status !== 'idle' || remove.isPending} onClick={onDelete}>
          <Trash2 aria-hidden />
          {remove.isPending ? 'Deleting...' : 'Delete Guide'}
        </Button>
      }
    />
  );
}
