import * as React from 'react';
import { Controller, useForm, type FieldErrors, type Resolver, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { BookOpen, CalendarDays, Globe2, Hash, ImageIcon, Lightbulb, Loader2 } from 'lucide-react';
import { LIMITS } from '@common/limits';
import { GUIDE_TAG_SUGGESTIONS } from '@common/lists/tags';
import { normalizeGuideTags } from '@common/schemas/content-fields';
import { GUIDE_TEXTS, type GuideItemInput } from '@common/schemas/guide';
import { TEXTS } from '@common/texts';
import { PhotoPicker } from '@/components/content/photo-picker';
import { TagInput } from '@/components/content/tag-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError, useErrorToast } from '@/lib/notify';
import { useTipOptions } from '../api/get-tip-options';
import { type DraftItem, itemsBeyond, setDaysCount, toItemInputs } from '../itinerary';
import { GUIDE_SCREEN_TEXTS } from '../texts';
import { CountryPicker } from './country-picker';
import { DurationConfirmDialog, type DurationLowering } from './duration-confirm-dialog';
import { DurationInput, FormSection } from './form-parts';
import { ItineraryEditor } from './itinerary-editor';
import { TipOptionsFailed } from './tip-options-failed';
import { VisibilityChoice } from '@/components/content/visibility-choice';
import type { Visibility } from '@common/schemas/visibility';

export type GuideFormValues = {
  title: string;
  location: string;
  countries: string[];
  description: string;
  daysCount: number;
  tags: string[];
  visibility: Visibility;
};

export type GuideFormStatus = 'idle' | 'uploading' | 'saving';

export type GuideFormSubmission<TOutput> = { values: TOutput; items: GuideItemInput[]; newFiles: File[]; keptUrls: string[] };

type GuideFormProps<TOutput> = {
  mode: 'create' | 'edit';
  /** The payload schema of POST (create) or PUT (edit), without photos and items. */
  resolver: Resolver<GuideFormValues, unknown, TOutput>;
  defaultValues: GuideFormValues;
  initialItems?: DraftItem[];
  /** Photos the guide already has (edit). */
  initialPhotoUrls?: string[];
  status: GuideFormStatus;
  /** Disables the submit button while something else runs (edit: the guide's deletion). */
  isLocked?: boolean;
  submitLabel: string;
  savingLabel: string;
  /** Shown on the submit button when idle (edit: a save icon). */
  submitIcon?: React.ReactNode;
  /** `showServerError` puts a refusal that names a field (a 400) under that field. */
  onSubmit: (submission: GuideFormSubmission<TOutput>, showServerError: (error: unknown) => void) => Promise<void> | void;
  /** Beside the submit button: Cancel on create, Delete Guide on edit. */
  secondaryActions: React.ReactNode;
  /** Edit: the link back to the guide, at the start of the sticky bar. */
  backLink?: React.ReactNode;
};

const GUIDE_FIELDS: readonly (keyof GuideFormValues)[] = ['title', 'location', 'countries', 'description', 'daysCount', 'tags'];

const PLACEHOLDERS = {
  title: 'e.g. Five days of food and fado in Lisbon',
  location: 'e.g. Lisbon and the Sintra hills',
  description: 'Who is this trip for, and what makes it special?',
};

/**
 * The guide form of /new-guide and /edit-guide (docs/product.md#tips-and-guides); the screens own uploading, saving and
 * deleting. Create is one card of details with the buttons at the bottom; edit keeps its buttons
 * in a sticky bar (the itinerary is long), gives countries and tags cards of their own, and has
 * no photo limit.
 */
export function GuideForm<TOutput>(props: GuideFormProps<TOutput>) {
  const { mode, resolver, defaultValues, initialItems = [], initialPhotoUrls = [], status, isLocked = false } = props;
  const isCreate = mode === 'create';
  const tipOptions = useTipOptions();
  // docs/product.md#texts-word-for-word: 'Failed to load your tips'; the picker says so too instead of claiming there are none.
  useErrorToast(tipOptions.isError, GUIDE_SCREEN_TEXTS.loadTipsFailed);
  const [items, setItems] = React.useState<DraftItem[]>(initialItems);
  const [keptUrls, setKeptUrls] = React.useState(initialPhotoUrls);
  const [newFiles, setNewFiles] = React.useState<File[]>([]);
  const [lowering, setLowering] = React.useState<DurationLowering | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<GuideFormValues, unknown, TOutput>({ resolver, defaultValues, shouldFocusError: false });
  const { formRef, focusFirstInvalid, showError } = useFormErrors(setError);
  const daysCount = useWatch({ control, name: 'daysCount' });
  const tags = useWatch({ control, name: 'tags' });
  const isWorking = status !== 'idle';
  const isBusy = isWorking || isLocked;
  const maxDays = isCreate ? LIMITS.guideDaysOnCreateMax : LIMITS.guideDaysOnEditMax;
  const placeholders: Partial<typeof PLACEHOLDERS> = isCreate ? PLACEHOLDERS : {};
  const tips = tipOptions.data ?? [];

  const onInvalid = (invalid: FieldErrors<GuideFormValues>) => {
    focusFirstInvalid();
    if (invalid.title) return notifyError(GUIDE_TEXTS.missingTitle, GUIDE_TEXTS.missingInformationTitle);
    if (!isCreate && invalid.location) return notifyError(GUIDE_TEXTS.missingLocation, GUIDE_TEXTS.missingInformationTitle);
    const first = Object.values(invalid).find((error) => error?.message)?.message;
    notifyError(typeof first === 'string' ? first : TEXTS.genericFailure, TEXTS.validationErrorTitle);
  };
  const showServerError = (error: unknown) => {
    if (error instanceof Error) showError(serverErrorField(error, GUIDE_FIELDS), error.message);
  };
  const onValid = (values: TOutput) =>
    props.onSubmit({ values, items: toItemInputs(items), newFiles, keptUrls }, showServerError);

  const titleField = (
    <Field id="guide-title" label="Title" required error={fieldText(errors.title)}>
      <Input placeholder={placeholders.title} maxLength={200} {...register('title')} />
    </Field>
  );
  const locationField = (
    <Field id="guide-location" label="Location" required={!isCreate} error={fieldText(errors.location)}>
      <Input placeholder={placeholders.location} maxLength={200} {...register('location')} />
    </Field>
  );
  const descriptionField = (
    <Field id="guide-description" label="Description" error={fieldText(errors.description)}>
      <Textarea placeholder={placeholders.description} maxLength={5000} {...register('description')} />
    </Field>
  );
  const daysField = (
    <Field
      id="guide-days"
      label="Duration (days)"
      error={fieldText(errors.daysCount)}
      className={isCreate ? undefined : 'sm:max-w-48'}
      hint={<span className="text-xs text-muted-foreground">1-{maxDays}</span>}
    >
      <Controller
        control={control}
        name="daysCount"
        render={({ field }) => (
          <DurationInput
            id="guide-days"
            value={field.value}
            max={maxDays}
            needsConfirmation={(days) => itemsBeyond(items, days).count > 0}
            onChange={(days) => {
              const dropped = itemsBeyond(items, days);
              if (dropped.count > 0) return setLowering({ from: field.value, to: days, dropped });
              field.onChange(days);
              setItems((current) => setDaysCount(current, days));
            }}
          />
        )}
      />
    </Field>
  );
  const countriesField = (
    <Field id="guide-countries" label={isCreate ? 'Countries covered' : 'Add a country'} error={fieldText(errors.countries)}>
      <Controller
        control={control}
        name="countries"
        render={({ field }) => <CountryPicker id="guide-countries" value={field.value} onChange={field.onChange} />}
      />
    </Field>
  );
  const tagsField = (
    <Field id="guide-tags" label={isCreate ? 'Tags' : 'Add a tag'} error={fieldText(errors.tags)}>
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
  );
  const submit = (
    <Button type="submit" disabled={isBusy}>
      {isWorking ? <Loader2 className="animate-spin" aria-hidden /> : props.submitIcon}
      {status === 'uploading' ? 'Uploading...' : status === 'saving' ? props.savingLabel : props.submitLabel}
    </Button>
  );

  return (
    <form ref={formRef} onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} noValidate className="grid gap-6">
      {isCreate ? null : (
        <>
          {/* Sticky under the header: the itinerary is long and Save Changes stays in reach. */}
          <div className="sticky top-16 z-20 -mx-1 flex flex-wrap items-center justify-between gap-3 bg-background/95 px-1 py-2 backdrop-blur">
            {props.backLink}
            <div className="flex flex-wrap gap-2">
              {props.secondaryActions}
              {submit}
            </div>
          </div>
          <h1 className="font-display text-3xl font-bold tracking-tight">Edit Guide</h1>
        </>
      )}

      {isCreate ? (
        <FormSection icon={BookOpen} title="Guide Information" description="What the trip is and where it goes.">
          {titleField}
          {locationField}
          {countriesField}
          {descriptionField}
          <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
            {daysField}
            {tagsField}
          </div>
        </FormSection>
      ) : (
        <>
          <FormSection icon={BookOpen} title="Basic Information">
            {titleField}
            {locationField}
            {descriptionField}
            {daysField}
          </FormSection>
          <div className="grid gap-6 lg:grid-cols-2">
            <FormSection icon={Globe2} title="Countries">
              {countriesField}
            </FormSection>
            <FormSection icon={Hash} title="Tags">
              {tagsField}
              <TagPreview tags={tags} />
            </FormSection>
          </div>
        </>
      )}

      <FormSection
        icon={ImageIcon}
        title="Photos"
        description={
          isCreate
            ? `Up to ${LIMITS.guidePhotosOnCreateMax} photos; the first is the cover.`
            : 'Current photos first; the first photo is the cover.'
        }
      >
        <PhotoPicker
          files={newFiles}
          onChange={setNewFiles}
          max={isCreate ? LIMITS.guidePhotosOnCreateMax : undefined}
          existingUrls={isCreate ? undefined : keptUrls}
          onRemoveExisting={isCreate ? undefined : (url) => setKeptUrls((urls) => urls.filter((u) => u !== url))}
          onTooMany={() => (isCreate ? notifyError(GUIDE_TEXTS.tooManyPhotos, 'Too many photos') : undefined)}
          disabled={isBusy}
        />
      </FormSection>

      <FormSection
        icon={CalendarDays}
        title="Day-by-Day Itinerary"
        description={`Add your tips or custom ${isCreate ? 'items' : 'activities'} to each day.`}
      >
        {tipOptions.isError && !tipOptions.data ? (
          <TipOptionsFailed onRetry={() => void tipOptions.refetch()} isRetrying={tipOptions.isFetching} />
        ) : !isCreate ? null : tipOptions.isPending ? (
          <Skeleton className="h-24" />
        ) : tips.length === 0 ? (
          <NoTipsYet />
        ) : null}
        <ItineraryEditor daysCount={daysCount} items={items} onChange={setItems} tips={tips} isDetailedCustom={!isCreate} />
      </FormSection>
      <DurationConfirmDialog
        lowering={lowering}
        onKeep={() => setLowering(null)}
        onRemove={() => {
          if (!lowering) return;
          setValue('daysCount', lowering.to, { shouldDirty: true });
          setItems((current) => setDaysCount(current, lowering.to));
          setLowering(null);
        }}
      />

      <Controller
        control={control}
        name="visibility"
        render={({ field }) => (
          <VisibilityChoice value={field.value} onChange={field.onChange} className="rounded-lg border bg-background/60 p-4" />
        )}
      />

      {isCreate ? (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {props.secondaryActions}
          {submit}
        </div>
      ) : null}
    </form>
  );
}

/** Create Guide with no tips of one's own yet: custom items still work. */
function NoTipsYet() {
  return (
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
  );
}

/** The edit form shows tags with '#'. */
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
