import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '@common/limits';
import { COUNTRIES } from '@common/lists/countries';
import { TIP_CURRENCIES } from '@common/lists/currencies';
import { TIP_TAG_SUGGESTIONS } from '@common/lists/tags';
import { TIP_TEXTS } from '@common/schemas/tip';
import { PhotoPicker } from '@/components/content/photo-picker';
import { TagInput } from '@/components/content/tag-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CharacterCount, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionsSelect, OptionsSelectField } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { findTipFormProblem, tipFormErrors, todayIsoDate, type TipFormValues } from '../tip-form-values';
import { TipCategorySelect } from './tip-category-select';
import { type PinMap, TipLocationField } from './tip-location-field';
import { VisibilityChoice } from '@/components/content/visibility-choice';
import type { Visibility } from '@common/schemas/visibility';

export type TipFormStatus = 'idle' | 'uploading' | 'saving';

export type TipFormSubmission = { values: TipFormValues; newFiles: File[]; keptUrls: string[] };

type TipFormProps = {
  mode: 'create' | 'edit';
  defaultValues: TipFormValues;
  /** Photos the tip already has (edit). */
  initialPhotoUrls?: string[];
  status: TipFormStatus;
  submitLabel: string;
  savingLabel: string;
  /** `showServerError` puts a refusal that names a field (a 400) under that field. */
  onSubmit: (submission: TipFormSubmission, showServerError: (error: unknown) => void) => Promise<void>;
  /** Buttons beside the submit button: Cancel on create, Delete Tip on edit. */
  secondaryActions?: React.ReactNode;
  /** The Location section's map, given by the page (lazy map code); without it, no map is drawn. */
  pinMap?: PinMap;
  /** Shown under the visibility choice for the level chosen (edit: the narrowing warning, issue 36). */
  visibilityNote?: (chosen: Visibility) => React.ReactNode;
};

const TIP_FIELDS: readonly (keyof TipFormValues)[] = [
  'title',
  'tipTypeId',
  'rating',
  'country',
  'city',
  'placeName',
  'googleMapsUrl',
  'experienceDate',
  'valueSpent',
  'currency',
  'description',
  'detailedContent',
  'tags',
  'pin',
];

/** The tip form of /new-tip and /edit-tip (docs/product.md#tips-and-guides); the screens own uploading and saving. */
const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${'★'.repeat(n)} ${n}/5` }));

export function TipForm({
  mode,
  defaultValues,
  initialPhotoUrls = [],
  status,
  submitLabel,
  savingLabel,
  onSubmit,
  secondaryActions,
  pinMap,
  visibilityNote,
}: TipFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<TipFormValues>({ defaultValues, shouldFocusError: false });
  const { formRef, showErrors, showError } = useFormErrors(setError);
  const [newFiles, setNewFiles] = React.useState<File[]>([]);
  const [keptUrls, setKeptUrls] = React.useState<string[]>(initialPhotoUrls);
  // Too many photos picked: refused at once, and said under the picker too.
  const [photoError, setPhotoError] = React.useState<string>();
  const descriptionLength = useWatch({ control, name: 'description' }).length;
  const isBusy = status !== 'idle';

  const showServerError = (error: unknown) => {
    if (error instanceof Error) showError(serverErrorField(error, TIP_FIELDS), error.message);
  };

  const onValid = (values: TipFormValues) => {
    clearErrors();
    const problem = findTipFormProblem(values, mode);
    if (problem) {
      showErrors(tipFormErrors(values, mode));
      notifyError(problem.description, problem.title);
      return;
    }
    void onSubmit({ values, newFiles, keptUrls }, showServerError);
  };
  const errorOf = (name: keyof TipFormValues) => fieldText(errors[name]);

  return (
    <form ref={formRef} onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate className="grid gap-6">
      <Section title="The tip">
        <Field id="title" label="Title" required error={errorOf('title')}>
          <Input placeholder="e.g. Sunrise at Fushimi Inari before the crowds" maxLength={200} {...register('title')} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="tipTypeId" label="Category" error={errorOf('tipTypeId')}>
            <Controller
              control={control}
              name="tipTypeId"
              render={({ field }) => <TipCategorySelect id="tipTypeId" value={field.value} onChange={field.onChange} />}
            />
          </Field>
          <OptionsSelectField
            control={control}
            name="rating"
            id="rating"
            label="Rating"
            placeholder="Rate your experience"
            options={RATING_OPTIONS}
          />
        </div>
      </Section>

      <Section title="Where">
        <div className="grid gap-5 sm:grid-cols-2">
          <OptionsSelectField
            control={control}
            name="country"
            id="country"
            label="Country"
            required
            placeholder="Select a country"
            options={COUNTRIES}
          />
          <Field id="city" label="City" required error={errorOf('city')}>
            <Input placeholder="e.g. Kyoto" maxLength={100} {...register('city')} />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="placeName" label="Specific place" error={errorOf('placeName')}>
            <Input placeholder="e.g. Fushimi Inari Taisha" maxLength={200} {...register('placeName')} />
          </Field>
          <Field id="googleMapsUrl" label="Maps link" error={errorOf('googleMapsUrl')}>
            <Input type="url" inputMode="url" placeholder="https://maps.app.goo.gl/..." {...register('googleMapsUrl')} />
          </Field>
        </div>
        <TipLocationField control={control} error={errorOf('pin')} pinMap={pinMap} />
      </Section>

      <Section title="Your experience">
        <div className="grid gap-5 sm:grid-cols-3">
          <Field id="experienceDate" label="Experience date" error={errorOf('experienceDate')}>
            <Input type="date" max={todayIsoDate()} {...register('experienceDate')} />
          </Field>
          <Field id="valueSpent" label="Cost" error={errorOf('valueSpent')}>
            <Input type="number" inputMode="decimal" min={0} step={0.01} placeholder="0.00" {...register('valueSpent')} />
          </Field>
          <Field id="currency" label="Currency" error={errorOf('currency')}>
            {mode === 'create' ? (
              <Controller
                control={control}
                name="currency"
                render={({ field }) => (
                  <OptionsSelect
                    id="currency"
                    value={field.value}
                    onValueChange={field.onChange}
                    placeholder="Currency"
                    options={TIP_CURRENCIES}
                  />
                )}
              />
            ) : (
              <Input placeholder="USD" maxLength={3} className="uppercase" {...register('currency')} />
            )}
          </Field>
        </div>
        <Field
          id="description"
          label="Short description"
          required
          error={errorOf('description')}
          hint={<CharacterCount count={descriptionLength} limit={LIMITS.shortDescriptionMaxLength} kind="max" />}
        >
          <Textarea
            rows={3}
            maxLength={LIMITS.shortDescriptionMaxLength}
            placeholder="The tip in a sentence or two"
            {...register('description')}
          />
        </Field>
        <Field id="detailedContent" label="Detailed content" error={errorOf('detailedContent')}>
          <Textarea
            rows={7}
            maxLength={20_000}
            placeholder="What happened, what to know, what you would do differently..."
            {...register('detailedContent')}
          />
        </Field>
      </Section>

      <Section title="Photos and tags">
        <Field id="photos" label="Photos" error={photoError}>
          <PhotoPicker
            files={newFiles}
            onChange={(files) => {
              setNewFiles(files);
              setPhotoError(undefined);
            }}
            existingUrls={keptUrls}
            onRemoveExisting={(url) => setKeptUrls((urls) => urls.filter((u) => u !== url))}
            max={LIMITS.tipPhotosMax}
            onTooMany={() => {
              setPhotoError(TIP_TEXTS.tooManyPhotos);
              notifyError(TIP_TEXTS.tooManyPhotos, TIP_TEXTS.tooManyPhotosTitle);
            }}
            disabled={isBusy}
          />
        </Field>
        <Field id="tags" label="Tags" error={errorOf('tags')}>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagInput
                id="tags"
                value={field.value}
                onChange={field.onChange}
                suggestions={TIP_TAG_SUGGESTIONS}
                placeholder="Type a tag and press Enter"
              />
            )}
          />
        </Field>
        <Controller
          control={control}
          name="visibility"
          render={({ field }) => (
            <div className="grid gap-3">
              <VisibilityChoice value={field.value} onChange={field.onChange} className="rounded-lg border bg-muted/40 p-4" />
              {visibilityNote?.(field.value)}
            </div>
          )}
        />
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {secondaryActions}
        <Button type="submit" size="lg" disabled={isBusy}>
          {status === 'uploading' ? 'Uploading...' : status === 'saving' ? savingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        <h2 className="font-display text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}
