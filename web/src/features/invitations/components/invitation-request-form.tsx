import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { LIMITS } from '@common/limits';
import { COUNTRIES } from '@common/lists/countries';
import { REFERRAL_SOURCES } from '@common/lists/referral-sources';
import { InvitationRequestSchema, type InvitationRequest } from '@common/schemas/invitation';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useSubmitInvitation } from '../api/submit-invitation';

/** The selects start empty, so the form holds plain strings until the schema narrows them. */
type FormValues = {
  fullName: string;
  email: string;
  country: string;
  howDidYouKnow: string;
  aboutYourself: string;
};

export function InvitationRequestForm() {
  const navigate = useNavigate();
  const submit = useSubmitInvitation();
  const { register, control, handleSubmit } = useForm<FormValues, unknown, InvitationRequest>({
    resolver: zodResolver(InvitationRequestSchema) as unknown as Resolver<FormValues, unknown, InvitationRequest>,
    defaultValues: { fullName: '', email: '', country: '', howDidYouKnow: '', aboutYourself: '' },
  });
  const aboutLength = useWatch({ control, name: 'aboutYourself' }).length;

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = Object.values(errors).find((error) => error?.message)?.message;
    notifyError(typeof first === 'string' ? first : TEXTS.genericFailure, TEXTS.validationErrorTitle);
  };

  const onValid = (values: InvitationRequest) =>
    submit.mutate(values, {
      onSuccess: () => {
        toast.success(TEXTS.invitationSubmittedTitle, { description: TEXTS.invitationSubmitted });
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        const isDuplicate = error instanceof ApiError && error.status === 409;
        notifyError(isDuplicate ? TEXTS.invitationDuplicate : errorMessage(error), TEXTS.submissionFailedTitle);
      },
    });

  return (
    <form onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="fullName" label="Full Name">
          <Input id="fullName" autoComplete="name" placeholder="Your full name" required {...register('fullName')} />
        </Field>
        <Field id="email" label="Email">
          <Input id="email" type="email" autoComplete="email" placeholder="you@example.com" required {...register('email')} />
        </Field>
      </div>
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
                onBlur={field.onBlur}
                placeholder="Select your country"
                options={COUNTRIES}
              />
            )}
          />
        </Field>
        <Field id="howDidYouKnow" label="How did you hear about us?">
          <Controller
            control={control}
            name="howDidYouKnow"
            render={({ field }) => (
              <OptionsSelect
                id="howDidYouKnow"
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="Select an option"
                options={REFERRAL_SOURCES}
              />
            )}
          />
        </Field>
      </div>
      <Field
        id="aboutYourself"
        label="Tell us about yourself"
        hint={
          <span
            aria-live="polite"
            className={cn(
              'text-xs tabular-nums',
              aboutLength >= LIMITS.aboutYourselfMinLength ? 'text-success' : 'text-muted-foreground',
            )}
          >
            {`${aboutLength}/${LIMITS.aboutYourselfMinLength}`}
          </span>
        }
      >
        <Textarea
          id="aboutYourself"
          rows={5}
          placeholder="Where have you travelled, and what would you like to share with the community?"
          required
          maxLength={LIMITS.aboutYourselfMaxLength}
          {...register('aboutYourself')}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
        <Send aria-hidden />
        {submit.isPending ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}
