import { describe, expect, it, vi } from 'vitest';
import { TIP_TEXTS } from '@common/schemas/tip';
import { TEXTS } from '@common/texts';
import { ApiError } from './api-client';
import { FIELD_TEXTS, fieldText, focusFirstInvalid, issuesToFieldErrors, serverErrorField, setFieldErrors } from './form-errors';

describe('fieldText', () => {
  it("says 'required' under a field for the fixed whole-form texts and keeps every other message", () => {
    expect(fieldText(TEXTS.fillAllFields)).toBe(FIELD_TEXTS.required);
    expect(fieldText(TEXTS.fillAllPasswordFields)).toBe(FIELD_TEXTS.required);
    expect(fieldText({ message: TIP_TEXTS.missingInformation })).toBe(FIELD_TEXTS.required);
    expect(fieldText({ message: TEXTS.passwordsDoNotMatch })).toBe(TEXTS.passwordsDoNotMatch);
    expect(fieldText(undefined)).toBeUndefined();
    expect(fieldText({ message: '' })).toBeUndefined();
  });
});

describe('issuesToFieldErrors', () => {
  it('keeps the first message of each top-level field', () => {
    const issues = [
      { path: ['email'], message: 'Please enter a valid email address' },
      { path: ['email'], message: 'second' },
      { path: ['tags', 3], message: 'Tag too long' },
      { path: [], message: 'form-level' },
    ];
    expect(issuesToFieldErrors(issues)).toEqual({ email: 'Please enter a valid email address', tags: 'Tag too long' });
  });
});

describe('setFieldErrors', () => {
  it('sets every message at once and says whether there was any', () => {
    const setError = vi.fn();
    expect(setFieldErrors(setError, { title: TEXTS.fillAllFields, city: 'Too long' })).toBe(true);
    expect(setError).toHaveBeenCalledWith('title', { type: 'manual', message: FIELD_TEXTS.required });
    expect(setError).toHaveBeenCalledWith('city', { type: 'manual', message: 'Too long' });
    expect(setFieldErrors(vi.fn(), {})).toBe(false);
  });
});

describe('serverErrorField', () => {
  const fields = ['username', 'email', 'currentPassword'] as const;
  it('finds the field of a known message (409 username taken)', () => {
    const error = new ApiError(409, 'This username is already taken');
    expect(serverErrorField(error, { 'This username is already taken': 'username' }, fields)).toBe('username');
  });
  it("reads the field the error handler names ('<field> is missing or not valid')", () => {
    expect(serverErrorField(new ApiError(400, 'email is missing or not valid'), {}, fields)).toBe('email');
    expect(serverErrorField(new ApiError(400, 'items.0.customTitle is missing or not valid'), {}, ['items'])).toBe('items');
  });
  it('answers undefined for a field the form does not have, a 5xx, a network failure or a non-API error', () => {
    expect(serverErrorField(new ApiError(400, 'token is missing or not valid'), {}, fields)).toBeUndefined();
    expect(serverErrorField(new ApiError(500, 'email is missing or not valid'), {}, fields)).toBeUndefined();
    expect(serverErrorField(new ApiError(0, TEXTS.genericFailure), {}, fields)).toBeUndefined();
    expect(serverErrorField(new Error('email is missing or not valid'), {}, fields)).toBeUndefined();
  });
});

describe('focusFirstInvalid', () => {
  it('focuses the first control marked invalid and scrolls it to the middle', () => {
    const target = { focus: vi.fn(), scrollIntoView: vi.fn() };
    const querySelector = vi.fn(() => target);
    expect(focusFirstInvalid({ querySelector } as unknown as ParentNode)).toBe(target);
    expect(querySelector).toHaveBeenCalledWith('[aria-invalid="true"]');
    expect(target.focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(target.scrollIntoView).toHaveBeenCalledWith({ block: 'center', inline: 'nearest' });
  });
  it('does nothing without an invalid control or a root', () => {
    expect(focusFirstInvalid({ querySelector: () => null } as unknown as ParentNode)).toBeNull();
    expect(focusFirstInvalid(null)).toBeNull();
  });
});
