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
  it('finds the field the body names (409 username taken)', () => {
    const error = new ApiError(409, 'This username is already taken', { code: 'username_taken', fields: ['username'] });
    expect(serverErrorField(error, fields)).toBe('username');
  });
  it('reads a path by its top-level field, and the first of several fields the form has', () => {
    const item = new ApiError(400, 'items.0.customTitle is missing or not valid', {
      code: 'invalid_field',
      fields: ['items.0.customTitle'],
    });
    expect(serverErrorField(item, ['items'])).toBe('items');
    const several = new ApiError(400, 'Please fill in all fields', {
      code: 'invalid_field',
      fields: ['token', 'email', 'username'],
    });
    expect(serverErrorField(several, fields)).toBe('email');
  });
  it('maps a request field to the control that shows it, and a code that names no field', () => {
    const recovery = new ApiError(400, 'wrong', { code: 'recovery_code_wrong', fields: ['recoveryCode'] });
    expect(serverErrorField(recovery, ['code'], { byField: { recoveryCode: 'code' } })).toBe('code');
    const limited = new ApiError(429, TEXTS.tooManyRequests, { code: 'rate_limited' });
    expect(serverErrorField(limited, ['code'], { byCode: { rate_limited: 'code' } })).toBe('code');
    expect(serverErrorField(limited, ['code'])).toBeUndefined();
  });
  it('never reads the message text', () => {
    expect(serverErrorField(new ApiError(400, 'email is missing or not valid'), fields)).toBeUndefined();
  });
  it('answers undefined for a field the form does not have, a 5xx, a network failure or a non-API error', () => {
    const named = { code: 'invalid_field', fields: ['email'] } as const;
    expect(
      serverErrorField(new ApiError(400, 'token is missing or not valid', { code: 'invalid_field', fields: ['token'] }), fields),
    ).toBeUndefined();
    expect(serverErrorField(new ApiError(500, 'email is missing or not valid', named), fields)).toBeUndefined();
    expect(serverErrorField(new ApiError(0, TEXTS.genericFailure, { code: 'network_failure' }), fields)).toBeUndefined();
    expect(serverErrorField(new Error('email is missing or not valid'), fields)).toBeUndefined();
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
