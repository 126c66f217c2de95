import * as React from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, BookOpen, CalendarDays, Globe2, Hash, ImageIcon, Loader2, Save, Trash2 } from 'lucide-react';
import { LIMITS } from '@common/limits';
import { GUIDE_TAG_SUGGESTIONS } from '@common/lists/tags';
import { normalizeGuideTags } from '@common/schemas/content-fields';
import { GUIDE_TEXTS, GuideUpdateSchema, type Guide } from '@common/schemas/guide';
import { TEXTS } from '@common/texts';
import { PhotoPicker } from '@/components/content/photo-picker';
import { TagInput } from '@/components/content/tag-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifyFixedFailure, notifySuccess, useErrorToast } from '@/lib/notify';
import { useDeleteGuide } from '../api/delete-guide';
import { useTipOptions } from '../api/get-tip-options';
import { useUpdateGuide } from '../api/update-guide';
import { useUploadGuidePhotos } from '../api/upload-guide-photos';
import { type DraftItem, fromGuideItems, setDaysCount, toItemInputs } from '../itinerary';
import { CountryPicker } from './country-picker';
import { DurationInput, FormSection, PrivateSwitch } from './form-parts';
import { ItineraryEditor } from './itinerary-editor';
import { TipOptionsFailed } from './tip-options-failed';
import { GUIDE_SCREEN_TEXTS } from '../texts';
import { uploadNewPhotos } from '@/components/content/upload-new-photos';

const FormSchema = GuideUpdateSchema.omit({ photoUrls: true, items: true });
type FormValues = {
  title: string;
  location: string;
  countries: string[];
  description: string;
  daysCount: number;
  tags: string[];
  isPrivate: boolean;
};
type FormOutput = ReturnType<typeof FormSchema.parse>;

/** Edit Guide (SPEC 2, 5): title and location required, 1-30 days, no photo limit. */
export function GuideEditForm({ guide }: { guide: Guide }) {
  const navigate = useNavigate();
  const tipOptions = useTipOptions();
  useErrorToast(tipOptions.isError, GUIDE_SCREEN_TEXTS.loadTipsFailed);
  const upload = useUploadGuidePhotos();
  const update = useUpdateGuide();
  const remove = useDeleteGuide();
  const [items, setItems] = React.useState<DraftItem[]>(() => fromGuideItems(guide.items));
  const [existingUrls, setExistingUrls] = React.useState(guide.photoUrls);
  const [files, setFiles] = React.useState<File[]>([]);
  const { register, control, handleSubmit, watch } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(FormSchema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: {
      title: guide.title,
      location: guide.location ?? '',
      countries: guide.countries,
      description: guide.description ?? '',
      daysCount: guide.daysCount,
      tags: guide.tags,
      isPrivate: guide.isPrivate,
    },
  });
  const daysCount = watch('daysCount');
  const isBusy = upload.isPending || update.isPending || remove.isPending;
  const viewPath = `/view-guide/${guide.id}`;

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    if (errors.title) return notifyError(GUIDE_TEXTS.missingTitle, GUIDE_TEXTS.missingInformationTitle);
    if (errors.location) return notifyError(GUIDE_TEXTS.missingLocation, GUIDE_TEXTS.missingInformationTitle);
    const first = Object.values(errors).find((error) => error?.message)?.message;
    notifyError(typeof first === 'string' ? first : TEXTS.genericFailure, TEXTS.validationErrorTitle);
  };

  const onValid = async (values: FormOutput) => {
    const newUrls = await uploadNewPhotos(files, upload.mutateAsync);
    if (!newUrls) return;
    update.mutate(
      { id: guide.id, input: { ...values, photoUrls: [...existingUrls, ...newUrls], items: toItemInputs(items) } },
      {
        onSuccess: () => {
          notifySuccess('Guide updated successfully');
          navigate(viewPath);
        },
        onError: (error) => notifyError(serverMessageOr(error, 'Failed to update guide')),
      },
    );
  };

  const onDelete = () => {
    if (!window.confirm(GUIDE_TEXTS.deleteConfirm)) return;
    remove.mutate(guide.id, {
      onSuccess: () => {
        notifySuccess('Guide deleted successfully');
        navigate('/tips');
      },
      onError: (error) => notifyFixedFailure('Failed to delete guide', error),
    });
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-6">
      {/* Sticky under the header: the itinerary is long and Save Changes stays in reach. */}
      <div className="sticky top-16 z-20 -mx-1 flex flex-wrap items-center justify-between gap-3 bg-background/95 px-1 py-2 backdrop-blur">
        <Button asChild variant="ghost" className="-ml-2">
          <Link to={viewPath}>
            <ArrowLeft aria-hidden />
            Back to Guide
          </Link>
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="destructive" disabled={isBusy} onClick={onDelete}>
            <Trash2 aria-hidden />
            {remove.isPending ? 'Deleting...' : 'Delete Guide'}
          </Button>
          <Button type="submit" disabled={isBusy}>
            {upload.isPending || update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            {upload.isPending ? 'Uploading...' : update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
      <h1 className="font-display text-3xl font-bold tracking-tight">Edit Guide</h1>

      <FormSection icon={BookOpen} title="Basic Information">
        <Field id="guide-title" label="Title">
          <Input id="guide-title" {...register('title')} />
        </Field>
        <Field id="guide-location" label="Location">
          <Input id="guide-location" {...register('location')} />
        </Field>
        <Field id="guide-description" label="Description">
          <Textarea id="guide-description" {...register('description')} />
        </Field>
        <Field
          id="guide-days"
          label="Duration (days)"
          className="sm:max-w-48"
          hint={<span className="text-xs text-muted-foreground">1-{LIMITS.guideDaysOnEditMax}</span>}
        >
          <Controller
            control={control}
            name="daysCount"
            render={({ field }) => (
              <DurationInput
                id="guide-days"
                value={field.value}
                max={LIMITS.guideDaysOnEditMax}
                onChange={(days) => {
                  field.onChange(days);
                  setItems((current) => setDaysCount(current, days));
                }}
              />
            )}
          />
        </Field>
      </FormSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <FormSection icon={Globe2} title="Countries">
          <Field id="guide-countries" label="Add a country">
            <Controller
              control={control}
              name="countries"
              render={({ field }) => <CountryPicker id="guide-countries" value={field.value} onChange={field.onChange} />}
            />
          </Field>
        </FormSection>
        <FormSection icon={Hash} title="Tags">
          <Field id="guide-tags" label="Add a tag">
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagInput
                  id="guide-tags"
                  value={field.value}
                  onChange={field.onChange}
                  suggestions={GUIDE_TAG_SUGGESTIONS}
                  normalize={normalizeGuideTags}
                />
              )}
            />
          </Field>
          <TagPreview tags={watch('tags')} />
        </FormSection>
      </div>

      <FormSection icon={ImageIcon} title="Photos" description="Current photos first; the first photo is the cover.">
        <PhotoPicker
          files={files}
          onChange={setFiles}
          existingUrls={existingUrls}
          onRemoveExisting={(url) => setExistingUrls((urls) => urls.filter((u) => u !== url))}
          onTooMany={() => undefined}
          disabled={isBusy}
        />
      </FormSection>

      <FormSection icon={CalendarDays} title="Day-by-Day Itinerary" description="Add your tips or custom activities to each day.">
        {tipOptions.isError && !tipOptions.data ? (
          <TipOptionsFailed onRetry={() => void tipOptions.refetch()} isRetrying={tipOptions.isFetching} />
        ) : null}
        <ItineraryEditor daysCount={daysCount} items={items} onChange={setItems} tips={tipOptions.data ?? []} isDetailedCustom />
      </FormSection>

      <Controller
        control={control}
        name="isPrivate"
        render={({ field }) => <PrivateSwitch label="Private Guide" checked={field.value} onCheckedChange={field.onChange} />}
      />
    </form>
  );
}

/** SPEC 2: the edit form shows tags with '#'. */
function TagPreview({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <p className="text-xs text-muted-foreground">No tags yet.</p>;
  return (
    <p className="flex flex-wrap gap-1.5 text-sm text-primary" aria-label="Tags preview">
      {tags.map((tag) => (
        <span key={tag}>#{tag}</span>
      ))}
    </p>
  );
}
