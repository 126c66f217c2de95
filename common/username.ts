/**
 * Usernames (docs/product.md#profiles, ADR 026): a public handle with its own rules, never an e-mail
 * address. Written once here: the profile form, the server and sign-up's handle from the name.
 */
import { z } from 'zod';

export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 30;
/** ASCII only: look-alike letters from other scripts could impersonate another member's handle. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const USERNAME_TEXTS = {
  tooShort: `A username has at least ${USERNAME_MIN_LENGTH} characters`,
  tooLong: `A username has at most ${USERNAME_MAX_LENGTH} characters`,
  noAt: 'A username cannot contain @ (your e-mail address stays private)',
  characters: 'A username uses letters, digits and . _ - only',
  taken: 'This username is already taken',
} as const;

/** The one problem to show for a (trimmed) username, the most telling first; null when it is fine. */
export function usernameProblem(value: string): string | null {
  if (value.includes('@')) return USERNAME_TEXTS.noAt;
  if (value.length < USERNAME_MIN_LENGTH) return USERNAME_TEXTS.tooShort;
  if (value.length > USERNAME_MAX_LENGTH) return USERNAME_TEXTS.tooLong;
  if (!USERNAME_PATTERN.test(value)) return USERNAME_TEXTS.characters;
  return null;
}

export const UsernameSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Room left for a `-NN` suffix when the handle made from a name is taken. */
const BASE_MAX_LENGTH = USERNAME_MAX_LENGTH - 6;
export const USERNAME_FALLBACK = 'traveler';

/**
 * The handle a new member gets from their name: accents dropped, lowercase, every run of other
 * characters one '-', at most 24 characters ("Zoë de la Cruz" -> "zoe-de-la-cruz"). A name with
 * no Latin letter or digit gives "traveler". Migration 0013 writes the same in SQL.
 */
export function usernameFromName(name: string | null | undefined): string {
  const slug = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BASE_MAX_LENGTH)
    .replace(/-+$/g, '');
  return slug.length >= USERNAME_MIN_LENGTH ? slug : USERNAME_FALLBACK;
}

/** The n-th candidate for `base` (1: base itself, 2: base-2...), always within the length rule. */
export function usernameCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}
