import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { GuideCreateSchema } from '@common/schemas/guide';
import { uploadNewPhotos } from '@/components/content/upload-new-photos';
import { Button } from '@/components/ui/button';
import { notifyFixedFailure, notifySuccess } from '@/lib/notify';
import { useCreateGuide } from '../api/create-guide';
import { useUploadGuidePhotos } from '../api/upload-guide-photos';
import { GuideForm, type GuideFormSubmission, type GuideFormValues } from './guide-form';

const FormSchema = GuideCreateSchema.omit({ photoUrls: true, items: true });
type FormOutput = ReturnType<typeof FormSchema.parse>;
const resolver = zodResolver(FormSchema) as unknown as Resolver<GuideFormValues, unknown, FormOutput>;

const DEFAULTS: GuideFormValues = {
  title: '',
  location: '',
  countries: [],
  description: '',
  daysCount: 1,
  tags: [],
  visibility: 'public',
};

/** Create Guide (docs/product.md#tips-and-guides): details, photos, the day-by-day itinerary; photos upload first. */
export function GuideCreateForm() {
  const navigate = useNavigate();
  const upload = useUploadGuidePhotos();
  const create = useCreateGuide();
  const status = upload.isPending ? 'uploading' : create.isPending ? 'saving' : 'idle';

  const onSubmit = async (
    { values, items, newFiles }: GuideFormSubmission<FormOutput>,
    showServerError: (error: unknown) => void,
  ) => {
    const photoUrls = await uploadNewPhotos(newFiles, upload.mutateAsync);
    if (!photoUrls) return;
    create.mutate(
      { ...values, photoUrls, items },
      {
        onSuccess: () => {
          notifySuccess('Success!', 'Your travel guide has been created successfully');
          void navigate('/tips');
        },
        onError: (error) => {
          notifyFixedFailure('Failed to create guide. Please try again.', error);
          showServerError(error);
        },
      },
    );
  };

  return (
    <GuideForm
      mode="create"
      resolver={resolver}
      defaultValues={DEFAULTS}
      status={status}
      submitLabel="Create Guide"
      savingLabel="Creating..."
      onSubmit={onSubmit}
      secondaryActions={
        <Button type="button" variant="outline" disabled={status !== 'idle'} onClick={() => void navigate('/tips')}>
          Cancel
        </Button>
      }
    />
  );
}
