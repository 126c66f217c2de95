import { describe, expect, it } from 'vitest';
import type { Profile } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { USERNAME_TEXTS } from '@common/username';
import { FIELD_TEXTS } from '@/lib/form-errors';
import {
  EMPTY_PASSWORD_FORM,
  findPasswordProblem,
  formatWorldExplored,
  passwordFormErrors,
  prepareProfileSubmission,
  profileFormErrors,
  profileToFormValues,
  toProfileUpdate,
  type ProfileFormValues,
} from './profile-form-values';

const profile: Profile = {
  userId: 'u1',
  name: 'Maya Chen',
  username: 'maya',
  profilePictureUrl: null,
  country: 'Japan',
  bio: null,
  countriesVisited: ['Japan'],
  worldExploredPercent: 1,
  currency: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  email: 'maya@demo.waymark',
  isOwn: true,
  stats: { tipsCount: 1, guidesCount: 0, countriesVisitedCount: 1, connectionsCount: 0, worldExploredPercent: 0.5 },
};

const values: ProfileFormValues = profileToFormValues(profile);

describe('profileToFormValues / toProfileUpdate', () => {
  it('turns null fields into empty strings and back into null', () => {
    expect(values).toEqual({
      name: 'Maya Chen',
      username: 'maya',
      email: 'maya@demo.waymark',
      currentPassword: '',
      country: 'Japan',
      currency: '',
      bio: '',
    });
    expect(toProfileUpdate({ ...values, name: '  Maya  ', bio: '   ' })).toEqual({
      name: 'Maya',
      username: 'maya',
      bio: null,
      country: 'Japan',
      currency: null,
    });
  });
});

describe('prepareProfileSubmission', () => {
  it('leaves the e-mail alone when unchanged (case and spaces ignored)', () => {
    const result = prepareProfileSubmission({ ...values, email: ' MAYA@demo.waymark ' }, profile.email);
    expect(result).toEqual({ ok: true, submission: { update: toProfileUpdate(values), emailChange: null } });
  });
  it('returns a changed e-mail, with the current password, to be asked for separately', () => {
    const result = prepareProfileSubmission(
      { ...values, email: 'new@demo.waymark', currentPassword: 'pw-123456' },
      profile.email,
    );
    expect(result.ok && result.submission.emailChange).toEqual({ email: 'new@demo.waymark', currentPassword: 'pw-123456' });
  });
  it('asks for the current password when the e-mail changes, on its field', () => {
    expect(prepareProfileSubmission({ ...values, email: 'new@demo.waymark' }, profile.email)).toEqual({
      ok: false,
      message: TEXTS.currentPasswordRequired,
      field: 'currentPassword',
    });
  });
  it('refuses a blank name, a bad username and a bad e-mail with the schema message, naming the field', () => {
    expect(prepareProfileSubmission({ ...values, name: ' ' }, profile.email)).toEqual({
      ok: false,
      message: 'Please enter your name',
      field: 'name',
    });
    expect(prepareProfileSubmission({ ...values, username: 'maya@demo.waymark' }, profile.email)).toEqual({
      ok: false,
      message: USERNAME_TEXTS.noAt,
      field: 'username',
    });
    expect(prepareProfileSubmission({ ...values, username: 'a b' }, profile.email)).toEqual({
      ok: false,
      message: USERNAME_TEXTS.characters,
      field: 'username',
    });
    expect(prepareProfileSubmission({ ...values, email: 'not-an-email', currentPassword: 'x' }, profile.email)).toMatchObject({
      ok: false,
      field: 'email',
    });
  });
  it('refuses a country outside the list', () => {
    expect(prepareProfileSubmission({ ...values, country: 'Atlantis' }, profile.email)).toEqual({
      ok: false,
      message: 'Please choose a country from the list',
      field: 'country',
    });
  });
});

describe('findPasswordProblem', () => {
  const filled = { currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' };
  it('checks in the original order of the fields', () => {
    expect(findPasswordProblem(EMPTY_PASSWORD_FORM)).toBe(TEXTS.fillAllPasswordFields);
    expect(findPasswordProblem({ ...filled, confirmPassword: '' })).toBe(TEXTS.fillAllPasswordFields);
    expect(findPasswordProblem({ ...filled, confirmPassword: 'other' })).toBe(TEXTS.newPasswordsDoNotMatch);
    expect(findPasswordProblem({ ...filled, newPassword: 'abc', confirmPassword: 'abc' })).toBe(TEXTS.newPasswordTooShort);
    expect(findPasswordProblem(filled)).toBeNull();
  });
});

describe('formatWorldExplored', () => {
  it('shows one decimal', () => {
    expect(formatWorldExplored(0)).toBe('0.0');
    expect(formatWorldExplored(1.0256)).toBe('1.0');
    expect(formatWorldExplored(12.35)).toBe('12.4');
  });
});

describe('profileFormErrors', () => {
  it('names every bad field at once, the e-mail change included', () => {
    const errors = profileFormErrors({ ...values, name: ' ', username: 'a b', email: 'new@demo.waymark' }, profile.email);
    expect(Object.keys(errors).sort()).toEqual(['currentPassword', 'name', 'username']);
    expect(errors.currentPassword).toBe(TEXTS.currentPasswordRequired);
  });
  it('is empty for a valid form', () => {
    expect(profileFormErrors(values, profile.email)).toEqual({});
  });
});

describe('passwordFormErrors', () => {
  it('marks every blank field, then the length and the match', () => {
    expect(passwordFormErrors(EMPTY_PASSWORD_FORM)).toEqual({
      currentPassword: FIELD_TEXTS.required,
      newPassword: FIELD_TEXTS.required,
      confirmPassword: FIELD_TEXTS.required,
    });
    expect(passwordFormErrors({ currentPassword: '', newPassword: '123', confirmPassword: '456' })).toEqual({
      currentPassword: FIELD_TEXTS.required,
      newPassword: TEXTS.newPasswordTooShort,
      confirmPassword: TEXTS.newPasswordsDoNotMatch,
    });
    expect(passwordFormErrors({ currentPassword: 'x', newPassword: 'secret-1', confirmPassword: 'secret-1' })).toEqual({});
  });
});
