import { useForm, useWatch } from 'react-hook-form';
import { Save, X } from 'lucide-react';
import { COUNTRIES } from '@common/lists/countries';
import { PROFILE_CURRENCIES } from '@common/lists/currencies';
import { LIMITS } from '@common/limits';
import { PROFILE_TEXTS, type Profile } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { USERNAME_MAX_LENGTH } from '@common/username';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionsSelectField } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRequestEmailChange } from '../api/change-email';
import { useUpdateProfile } from '../api/update-profile';
import {
  isEmailChanged,
  prepareProfileSubmission,
  profileFormErrors,
  profileToFormValues,
  type ProfileFormValues,
} from '../profile-form-values';

type ProfileEditFormProps = { profile: Profile; onDone: () => void };

type FieldName = keyof ProfileFormValues;

const FIELDS: readonly FieldName[] = ['name', 'username', 'email', 'currentPassword', 'country', 'currency', 'bio'];

/**
 * Edit Profile (own only): PATCH /api/profiles/me; a changed address is asked for with the
 * current password (POST /api/auth/email) and changes when the mailed link is opened (ADR 028).
 * A problem with a field is shown under it as well as in the toast.
 */
export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<ProfileFormValues>({
    defaultValues: profileToFormValues(profile),
    shouldFocusError: false,
  });
  const { formRef, showErrors, showError } = useFormErrors(setError);
  const { errors } = formState;
  const updateProfile = useUpdateProfile();
  const requestEmailChange = useRequestEmailChange();
  const isSaving = updateProfile.isPending || requestEmailChange.isPending;
  const isChangingEmail = isEmailChanged(useWatch({ control, name: 'email' }), profile.email);

  const onValid = async (values: ProfileFormValues) => {
    clearErrors();
    const prepared = prepareProfileSubmission(values, profile.email);
    if (!prepared.ok) {
      showErrors(profileFormErrors(values, profile.email));
      notifyError(prepared.message, TEXTS.validationErrorTitle);
      return;
    }
    /** A refusal naming a field shows under it too (a 409 username taken, a wrong password). */
    const refuse = (error: unknown) => {
      const message = serverMessageOr(error, PROFILE_TEXTS.updateFailed);
      showError(serverErrorField(error, FIELDS), message);
      notifyError(message);
    };
    try {
      await updateProfile.mutateAsync(prepared.submission.update);
    } catch (error) {
      refuse(error);
      return;
    }
    const { emailChange } = prepared.submission;
    if (emailChange) {
      try {
        const sent = await requestEmailChange.mutateAsync(emailChange);
        notifySuccess(TEXTS.emailChangeSent, sent.pendingEmail);
      } catch (error) {
        // The profile itself is saved; the form stays open on the e-mail part.
        refuse(error);
        return;
      }
    }
    notifySuccess(PROFILE_TEXTS.updated);
    onDone();
  };

  const errorOf = (name: FieldName) => fieldText(errors[name]);

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      className="grid gap-5"
      aria-label="Edit profile"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-name" label="Full Name" required error={errorOf('name')}>
          <Input autoComplete="name" maxLength={LIMITS.nameMaxLength} {...register('name')} />
        </Field>
        <Field id="profile-username" label="Username" required error={errorOf('username')}>
          <Input autoComplete="username" maxLength={USERNAME_MAX_LENGTH + 10} {...register('username')} />
        </Field>
      </div>
      <Field
        id="profile-email"
        label="Email Address"
        required
        error={errorOf('email')}
        hint={
          isChangingEmail ? <span className="text-xs text-muted-foreground">Changes when you open the link we send</span> : null
        }
      >
        <Input type="email" autoComplete="email" maxLength={LIMITS.emailMaxLength} {...register('email')} />
      </Field>
      {isChangingEmail ? (
        <Field id="profile-current-password" label="Current Password" required error={errorOf('currentPassword')}>
          <Input
            type="password"
            autoComplete="current-password"
            maxLength={LIMITS.passwordMaxLength}
            {...register('currentPassword')}
          />
        </Field>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <OptionsSelectField
          control={control}
          name="country"
          id="profile-country"
          label="Country"
          placeholder="Select your country"
          options={COUNTRIES}
        />
        <OptionsSelectField
          control={control}
          name="currency"
          id="profile-currency"
          label="Preferred Currency"
          placeholder="Select a currency"
          options={PROFILE_CURRENCIES}
        />
      </div>
      <Field id="profile-bio" label="Bio" error={errorOf('bio')}>
        <Textarea rows={4} maxLength={1000} placeholder="Tell other travelers about yourself" {...register('bio')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center">
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <Button type="button" variant="outline" onClick={onDone} disabled={isSaving}>
            <X aria-hidden />
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            <Save aria-hidden />
            {isSaving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}
