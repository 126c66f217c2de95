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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { notifyError } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { findTipFormProblem, todayIsoDate, type TipFormValues } from '../tip-form-values';
import { TipCategorySelect } from './tip-category-select';

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
  onSubmit: (submission: TipFormSubmission) => Promise<void>;
  /** Buttons beside the submit button: Cancel on create, Delete Tip on edit. */
  secondaryActions?: React.ReactNode;
};

/** The tip form of /new-tip and /edit-tip (SPEC 2, 5); the screens own uploading and saving. */
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
}: TipFormProps) {
  const { register, control, handleSubmit } = useForm<TipFormValues>({ defaultValues });
  const [newFiles, setNewFiles] = React.useState<File[]>([]);
  const [keptUrls, setKeptUrls] = React.useState<string[]>(initialPhotoUrls);
  const descriptionLength = useWatch({ control, name: 'description' }).length;
  const isBusy = status !== 'idle';

  const onValid = (values: TipFormValues) => {
    const problem = findTipFormProblem(values, mode);
    if (problem) {
      notifyError(problem.description, problem.title);
      return;
    }
    void onSubmit({ values, newFiles, keptUrls });
  };

  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate className="grid gap-6">
      <Section title="The tip">
        <Field id="title" label="Title">
          <Input
            id="title"
            placeholder="e.g. Sunrise at Fushimi Inari before the crowds"
            maxLength={200}
            {...register('title')}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="tipTypeId" label="Category">
            <Controller
              control={control}
              name="tipTypeId"
              render={({ field }) => <TipCategorySelect id="tipTypeId" value={field.value} onChange={field.onChange} />}
            />
          </Field>
          <Field id="rating" label="Rating">
            <Controller
              control={control}
              name="rating"
              render={({ field }) => (
                <OptionsSelect
                  id="rating"
                  value={field.value}
                  onValueChange={field.onChange}
                  placeholder="Rate your experience"
                  options={RATING_OPTIONS}
                />
              )}
            />
          </Field>
        </div>
      </Section>

      <Section title="Where">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="country" label="Country">
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <OptionsSelect
                  id="country"
                  value={field.value}
                  onValueChange={field.onChange}
                  placeholder="Select a country"
                  options={COUNTRIES}
                />
              )}
            />
          </Field>
          <Field id="city" label="City">
            <Input id="city" placeholder="e.g. Kyoto" maxLength={100} {...register('city')} />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="placeName" label="Specific place">
            <Input id="placeName" placeholder="e.g. Fushimi Inari Taisha" maxLength={200} {...register('placeName')} />
          </Field>
          <Field id="googleMapsUrl" label="Maps link">
            <Input
              id="googleMapsUrl"
              type="url"
              inputMode="url"
              placeholder="https://maps.app.goo.gl/..."
              {...register('googleMapsUrl')}
            />
          </Field>
        </div>
      </Section>

      <Section title="Your experience">
        <div className="grid gap-5 sm:grid-cols-3">
          <Field id="experienceDate" label="Experience date">
            <Input id="experienceDate" type="date" max={todayIsoDate()} {...register('experienceDate')} />
          </Field>
          <Field id="valueSpent" label="Cost">
            <Input
              id="valueSpent"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="0.00"
              {...register('valueSpent')}
            />
          </Field>
          <Field id="currency" label="Currency">
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
              <Input id="currency" placeholder="USD" maxLength={3} className="uppercase" {...register('currency')} />
            )}
          </Field>
        </div>
        <Field
          id="description"
          label="Short description"
          hint={
            <span
              aria-live="polite"
              className={cn(
                'text-xs tabular-nums',
                descriptionLength >= LIMITS.shortDescriptionMaxLength ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {`${descriptionLength}/${LIMITS.shortDescriptionMaxLength}`}
            </span>
          }
        >
          <Textarea
            id="description"
            rows={3}
            maxLength={LIMITS.shortDescriptionMaxLength}
            placeholder="The tip in a sentence or two"
            {...register('description')}
          />
        </Field>
        <Field id="detailedContent" label="Detailed content">
          <Textarea
            id="detailedContent"
            rows={7}
            maxLength={20_000}
            placeholder="What happened, what to know, what you would do differently..."
            {...register('detailedContent')}
          />
        </Field>
      </Section>

      <Section title="Photos and tags">
        <div className="grid gap-2">
          <span className="text-sm font-medium">Photos</span>
          <PhotoPicker
            id="photos"
            files={newFiles}
            onChange={setNewFiles}
            existingUrls={keptUrls}
            onRemoveExisting={(url) => setKeptUrls((urls) => urls.filter((u) => u !== url))}
            max={LIMITS.tipPhotosMax}
            onTooMany={() => notifyError(TIP_TEXTS.tooManyPhotos, TIP_TEXTS.tooManyPhotosTitle)}
            disabled={isBusy}
          />
        </div>
        <Field id="tags" label="Tags">
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
        <div className="flex items-center justify-between gap-4 rounded-lg border bg-muted/40 p-4">
          <div className="grid gap-1">
            <label htmlFor="isPrivate" className="text-sm font-medium">
              Private Tip
            </label>
            <p className="text-xs text-muted-foreground">Only you can see a private tip.</p>
          </div>
          <Controller
            control={control}
            name="isPrivate"
            render={({ field }) => <Switch id="isPrivate" checked={field.value} onCheckedChange={field.onChange} />}
          />
        </div>
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
