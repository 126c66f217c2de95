import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
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
import { CharacterCount, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionsSelectField } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useSubmitInvitation } from '../api/submit-invitation';

/** The selects start empty, so the form holds plain strings until the schema narrows them. */
type FormValues = {
  fullName: string;
  email: string;
  country: string;
  howDidYouKnow: string;
  aboutYourself: string;
};

const INVITATION_FIELDS = ['fullName', 'email', 'country', 'howDidYouKnow', 'aboutYourself'] as const;

export function InvitationRequestForm() {
  const navigate = useNavigate();
  const submit = useSubmitInvitation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, InvitationRequest>({
    resolver: zodResolver(InvitationRequestSchema) as unknown as Resolver<FormValues, unknown, InvitationRequest>,
    shouldFocusError: false,
    defaultValues: { fullName: '', email: '', country: '', howDidYouKnow: '', aboutYourself: '' },
  });
  const { formRef, focusFirstInvalid, showError } = useFormErrors(setError);
  const aboutLength = useWatch({ control, name: 'aboutYourself' }).length;

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    const first = Object.values(invalid).find((error) => error?.message)?.message;
    notifyError(typeof first === 'string' ? first : TEXTS.genericFailure, TEXTS.validationErrorTitle);
    focusFirstInvalid();
  };

  const onValid = (values: InvitationRequest) =>
    submit.mutate(values, {
      onSuccess: () => {
        toast.success(TEXTS.invitationSubmittedTitle, { description: TEXTS.invitationSubmitted });
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        const isDuplicate = error instanceof ApiError && error.code === 'invitation_duplicate';
        const message = isDuplicate ? TEXTS.invitationDuplicate : errorMessage(error);
        showError(isDuplicate ? 'email' : serverErrorField(error, INVITATION_FIELDS), message);
        notifyError(message, TEXTS.submissionFailedTitle);
      },
    });

  return (
    <form ref={formRef} onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="fullName" label="Full Name" required error={fieldText(errors.fullName)}>
          <Input autoComplete="name" placeholder="Your full name" {...register('fullName')} />
        </Field>
        <Field id="email" label="Email" required error={fieldText(errors.email)}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <OptionsSelectField
          control={control}
          name="country"
          id="country"
          label="Country"
          required
          placeholder="Select your country"
          options={COUNTRIES}
        />
        <OptionsSelectField
          control={control}
          name="howDidYouKnow"
          id="howDidYouKnow"
          label="How did you hear about us?"
          required
          placeholder="Select an option"
          options={REFERRAL_SOURCES}
        />
      </div>
      <Field
        id="aboutYourself"
        label="Tell us about yourself"
        required
        error={fieldText(errors.aboutYourself)}
        hint={<CharacterCount count={aboutLength} limit={LIMITS.aboutYourselfMinLength} kind="min" />}
      >
        <Textarea
          rows={5}
          placeholder="Where have you travelled, and what would you like to share with the community?"
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
