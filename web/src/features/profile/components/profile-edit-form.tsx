import { Controller, useForm, useWatch } from 'react-hook-form';
import { Save, X } from 'lucide-react';
import { COUNTRIES } from '@common/lists/countries';
import { PROFILE_CURRENCIES } from '@common/lists/currencies';
import { LIMITS } from '@common/limits';
import { PROFILE_TEXTS, type Profile } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { USERNAME_MAX_LENGTH, USERNAME_TEXTS } from '@common/username';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRequestEmailChange } from '../api/change-email';
import { useUpdateProfile } from '../api/update-profile';
import { isEmailChanged, prepareProfileSubmission, profileToFormValues, type ProfileFormValues } from '../profile-form-values';
import { DeleteAccountDialog } from './delete-account-dialog';

type ProfileEditFormProps = { profile: Profile; onDone: () => void };

const USERNAME_MESSAGES: readonly string[] = Object.values(USERNAME_TEXTS);

/** Which field a server message of POST /api/auth/email belongs to. */
function emailChangeField(message: string): 'currentPassword' | 'email' {
  return message === TEXTS.currentPasswordWrong || message === TEXTS.currentPasswordRequired ? 'currentPassword' : 'email';
}

/**
 * Edit Profile (own only): PATCH /api/profiles/me; a changed address is asked for with the
 * current password (POST /api/auth/email) and changes when the mailed link is opened (ADR 028).
 * A problem with a field is shown under it as well as in the toast.
 */
export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<ProfileFormValues>({
    defaultValues: profileToFormValues(profile),
  });
  const { errors } = formState;
  const updateProfile = useUpdateProfile();
  const requestEmailChange = useRequestEmailChange();
  const isSaving = updateProfile.isPending || requestEmailChange.isPending;
  const isChangingEmail = isEmailChanged(useWatch({ control, name: 'email' }), profile.email);

  const onValid = async (values: ProfileFormValues) => {
    clearErrors();
    const prepared = prepareProfileSubmission(values, profile.email);
    if (!prepared.ok) {
      if (prepared.field) setError(prepared.field, { message: prepared.message }, { shouldFocus: true });
      notifyError(prepared.message, TEXTS.validationErrorTitle);
      return;
    }
    try {
      await updateProfile.mutateAsync(prepared.submission.update);
    } catch (error) {
      const message = serverMessageOr(error, PROFILE_TEXTS.updateFailed);
      if (USERNAME_MESSAGES.includes(message)) setError('username', { message }, { shouldFocus: true });
      notifyError(message);
      return;
    }
    const { emailChange } = prepared.submission;
    if (emailChange) {
      try {
        const sent = await requestEmailChange.mutateAsync(emailChange);
        notifySuccess(TEXTS.emailChangeSent, sent.pendingEmail);
      } catch (error) {
        // The profile itself is saved; the form stays open on the e-mail part.
        const message = serverMessageOr(error, PROFILE_TEXTS.updateFailed);
        setError(emailChangeField(message), { message }, { shouldFocus: true });
        notifyError(message);
        return;
      }
    }
    notifySuccess(PROFILE_TEXTS.updated);
    onDone();
  };

  /** aria wiring of a field that may carry an error (Field renders `<id>-error`). */
  const invalid = (id: string, name: keyof ProfileFormValues) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate className="grid gap-5" aria-label="Edit profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-name" label="Full Name" error={errors.name?.message}>
          <Input
            id="profile-name"
            autoComplete="name"
            maxLength={LIMITS.nameMaxLength}
            {...invalid('profile-name', 'name')}
            {...register('name')}
          />
        </Field>
        <Field id="profile-username" label="Username" error={errors.username?.message}>
          <Input
            id="profile-username"
            autoComplete="username"
            maxLength={USERNAME_MAX_LENGTH + 10}
            {...invalid('profile-username', 'username')}
            {...register('username')}
          />
        </Field>
      </div>
      <Field
        id="profile-email"
        label="Email Address"
        error={errors.email?.message}
        hint={
          isChangingEmail ? <span className="text-xs text-muted-foreground">Changes when you open the link we send</span> : null
        }
      >
        <Input
          id="profile-email"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.emailMaxLength}
          {...invalid('profile-email', 'email')}
          {...register('email')}
        />
      </Field>
      {isChangingEmail ? (
        <Field id="profile-current-password" label="Current Password" error={errors.currentPassword?.message}>
          <Input
            id="profile-current-password"
            type="password"
            autoComplete="current-password"
            maxLength={LIMITS.passwordMaxLength}
            {...invalid('profile-current-password', 'currentPassword')}
            {...register('currentPassword')}
          />
        </Field>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-country" label="Country">
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <OptionsSelect
                id="profile-country"
                value={field.value}
                onValueChange={field.onChange}
                placeholder="Select your country"
                options={COUNTRIES}
              />
            )}
          />
        </Field>
        <Field id="profile-currency" label="Preferred Currency">
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <OptionsSelect
                id="profile-currency"
                value={field.value}
                onValueChange={field.onChange}
                placeholder="Select a currency"
                options={PROFILE_CURRENCIES}
              />
            )}
          />
        </Field>
      </div>
      <Field id="profile-bio" label="Bio">
        <Textarea
          id="profile-bio"
          rows={4}
          maxLength={1000}
          placeholder="Tell other travelers about yourself"
          {...register('bio')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center">
        <DeleteAccountDialog />
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
