import { Controller, useForm } from 'react-hook-form';
import { Save, X } from 'lucide-react';
import { COUNTRIES } from '@common/lists/countries';
import { PROFILE_CURRENCIES } from '@common/lists/currencies';
import { LIMITS } from '@common/limits';
import { PROFILE_TEXTS, type Profile } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangeEmail } from '../api/change-email';
import { useUpdateProfile } from '../api/update-profile';
import { prepareProfileSubmission, profileToFormValues, type ProfileFormValues } from '../profile-form-values';
import { DeleteAccountDialog } from './delete-account-dialog';

type ProfileEditFormProps = { profile: Profile; onDone: () => void };

/** Edit Profile (own only): PATCH /api/profiles/me, and POST /api/auth/email when the address changed. */
export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const { register, control, handleSubmit } = useForm<ProfileFormValues>({ defaultValues: profileToFormValues(profile) });
  const updateProfile = useUpdateProfile();
  const changeEmail = useChangeEmail();
  const isSaving = updateProfile.isPending || changeEmail.isPending;

  const onValid = async (values: ProfileFormValues) => {
    const prepared = prepareProfileSubmission(values, profile.email);
    if (!prepared.ok) {
      notifyError(prepared.message, TEXTS.validationErrorTitle);
      return;
    }
    try {
      await updateProfile.mutateAsync(prepared.submission.update);
      if (prepared.submission.newEmail) await changeEmail.mutateAsync({ email: prepared.submission.newEmail });
      notifySuccess(PROFILE_TEXTS.updated);
      onDone();
    } catch (error) {
      notifyError(serverMessageOr(error, PROFILE_TEXTS.updateFailed));
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="grid gap-5" aria-label="Edit profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-name" label="Full Name">
          <Input id="profile-name" autoComplete="name" maxLength={LIMITS.nameMaxLength} {...register('name')} />
        </Field>
        <Field id="profile-username" label="Username">
          <Input id="profile-username" autoComplete="username" maxLength={LIMITS.emailMaxLength} {...register('username')} />
        </Field>
      </div>
      <Field id="profile-email" label="Email Address">
        <Input id="profile-email" type="email" autoComplete="email" maxLength={LIMITS.emailMaxLength} {...register('email')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-country" label="Country">
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <OptionsSelect id="profile-country" value={field.value} onValueChange={field.onChange} placeholder="Select your country" options={COUNTRIES} />
            )}
          />
        </Field>
        <Field id="profile-currency" label="Preferred Currency">
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <OptionsSelect id="profile-currency" value={field.value} onValueChange={field.onChange} placeholder="Select a currency" options={PROFILE_CURRENCIES} />
            )}
          />
        </Field>
      </div>
      <Field id="profile-bio" label="Bio">
        <Textarea id="profile-bio" rows={4} maxLength={1000} placeholder="Tell other travelers about yourself" {...register('bio')} />
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
