import { describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { firstSignUpError } from './first-sign-up-error';

const filled = { fullName: 'A', email: 'a@x.io', password: 'abc', confirmPassword: 'abc' };

describe('firstSignUpError', () => {
  it('asks for every field first', () => {
    expect(
      firstSignUpError(
        { ...filled, fullName: '', confirmPassword: 'x' },
        { fullName: { type: 'too_small', message: TEXTS.fillAllFields } },
      ),
    ).toBe(TEXTS.fillAllFields);
  });
  it('then reports a mismatch before a short password', () => {
    expect(
      firstSignUpError(
        { ...filled, confirmPassword: 'abd' },
        { password: { type: 'too_small', message: TEXTS.passwordTooShort } },
      ),
    ).toBe(TEXTS.passwordsDoNotMatch);
  });
  it('then a short password', () => {
    expect(firstSignUpError(filled, { password: { type: 'too_small', message: TEXTS.passwordTooShort } })).toBe(
      TEXTS.passwordTooShort,
    );
  });
});
