import * as React from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { BookOpen, CalendarDays, ImageIcon, Lightbulb, Loader2 } from 'lucide-react';
import { LIMITS } from '@common/limits';
import { GUIDE_TAG_SUGGESTIONS } from '@common/lists/tags';
import { normalizeGuideTags } from '@common/schemas/content-fields';
import { GUIDE_TEXTS, GuideCreateSchema } from '@common/schemas/guide';
import { TEXTS } from '@common/texts';
import { PhotoPicker } from '@/components/content/photo-picker';
import { TagInput } from '@/components/content/tag-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { notifyError, notifyFixedFailure, notifySuccess, useErrorToast } from '@/lib/notify';
import { useCreateGuide } from '../api/create-guide';
import { useTipOptions } from '../api/get-tip-options';
import { useUploadGuidePhotos } from '../api/upload-guide-photos';
import { type DraftItem, setDaysCount, toItemInputs } from '../itinerary';
import { CountryPicker } from './country-picker';
import { DurationInput, FormSection, PrivateSwitch } from './form-parts';
import { ItineraryEditor } from './itinerary-editor';
import { TipOptionsFailed } from './tip-options-failed';
import { GUIDE_SCREEN_TEXTS } from '../texts';
import { uploadNewPhotos } from '@/components/content/upload-new-photos';

const FormSchema = GuideCreateSchema.omit({ photoUrls: true, items: true });
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

const DEFAULTS: FormValues = {
  title: '',
  location: '',
  countries: [],
  description: '',
  daysCount: 1,
  tags: [],
  isPrivate: false,
};

/** Create Guide (SPEC 2, 5): details, photos, the day-by-day itinerary; photos upload first. */
export function GuideCreateForm() {
  const navigate = useNavigate();
  const tipOptions = useTipOptions();
  const upload = useUploadGuidePhotos();
  const create = useCreateGuide();
  const [items, setItems] = React.useState<DraftItem[]>([]);
  const [files, setFiles] = React.useState<File[]>([]);
  const { register, control, handleSubmit, watch } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(FormSchema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: DEFAULTS,
  });
  const daysCount = watch('daysCount');
  const isBusy = upload.isPending || create.isPending;
  const tips = tipOptions.data ?? [];
  // SPEC 8: 'Failed to load your tips'; the picker says so too instead of claiming there are none.
  useErrorToast(tipOptions.isError, GUIDE_SCREEN_TEXTS.loadTipsFailed);

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    if (errors.title) return notifyError(GUIDE_TEXTS.missingTitle, GUIDE_TEXTS.missingInformationTitle);
    const first = Object.values(errors).find((error) => error?.message)?.message;
    notifyError(typeof first === 'string' ? first : TEXTS.genericFailure, TEXTS.validationErrorTitle);
  };

  const onValid = async (values: FormOutput) => {
    const photoUrls = await uploadNewPhotos(files, upload.mutateAsync);
    if (!photoUrls) return;
    create.mutate(
      { ...values, photoUrls, items: toItemInputs(items) },
      {
        onSuccess: () => {
          notifySuccess('Success!', 'Your travel guide has been created successfully');
          navigate('/tips');
        },
        onError: (error) => notifyFixedFailure('Failed to create guide. Please try again.', error),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-6">
      <FormSection icon={BookOpen} title="Guide Information" description="What the trip is and where it goes.">
        <Field id="guide-title" label="Title">
          <Input id="guide-title" placeholder="e.g. Five days of food and fado in Lisbon" {...register('title')} />
        </Field>
        <Field id="guide-location" label="Location">
          <Input id="guide-location" placeholder="e.g. Lisbon and the Sintra hills" {...register('location')} />
        </Field>
        <Field id="guide-countries" label="Countries covered">
          <Controller
            control={control}
            name="countries"
            render={({ field }) => <CountryPicker id="guide-countries" value={field.value} onChange={field.onChange} />}
          />
        </Field>
        <Field id="guide-description" label="Description">
          <Textarea
            id="guide-description"
            placeholder="Who is this trip for, and what makes it special?"
            {...register('description')}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
          <Field
            id="guide-days"
            label="Duration (days)"
            hint={<span className="text-xs text-muted-foreground">1-{LIMITS.guideDaysOnCreateMax}</span>}
          >
            <Controller
              control={control}
              name="daysCount"
              render={({ field }) => (
                <DurationInput
                  id="guide-days"
                  value={field.value}
                  max={LIMITS.guideDaysOnCreateMax}
                  onChange={(days) => {
                    field.onChange(days);
                    setItems((current) => setDaysCount(current, days));
                  }}
                />
              )}
            />
          </Field>
          <Field id="guide-tags" label="Tags">
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
        </div>
      </FormSection>

      <FormSection
        icon={ImageIcon}
        title="Photos"
        description={`Up to ${LIMITS.guidePhotosOnCreateMax} photos; the first is the cover.`}
      >
        <PhotoPicker
          files={files}
          onChange={setFiles}
          max={LIMITS.guidePhotosOnCreateMax}
          onTooMany={() => notifyError(GUIDE_TEXTS.tooManyPhotos, 'Too many photos')}
          disabled={isBusy}
        />
      </FormSection>

      <FormSection icon={CalendarDays} title="Day-by-Day Itinerary" description="Add your tips or custom items to each day.">
        {tipOptions.isError && !tipOptions.data ? (
          <TipOptionsFailed onRetry={() => void tipOptions.refetch()} isRetrying={tipOptions.isFetching} />
        ) : tipOptions.isPending ? (
          <Skeleton className="h-24" />
        ) : tips.length === 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed bg-accent/40 p-4">
            <div className="flex items-center gap-3">
              <Lightbulb className="size-5 text-accent-foreground" aria-hidden />
              <div>
                <p className="font-medium">{GUIDE_TEXTS.noTipsYet}</p>
                <p className="text-sm text-muted-foreground">Create tips to add them to your guide, or use custom items.</p>
              </div>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to="/new-tip">Create Your First Tip</Link>
            </Button>
          </div>
        ) : null}
        <ItineraryEditor daysCount={daysCount} items={items} onChange={setItems} tips={tips} />
      </FormSection>

      <Controller
        control={control}
        name="isPrivate"
        render={({ field }) => <PrivateSwitch label="Private Guide" checked={field.value} onCheckedChange={field.onChange} />}
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={isBusy} onClick={() => navigate('/tips')}>
          Cancel
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {upload.isPending ? 'Uploading...' : create.isPending ? 'Creating...' : 'Create Guide'}
        </Button>
      </div>
    </form>
  );
}
