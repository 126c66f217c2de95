/**
 * Texts quoted word for word (docs/product.md#texts-word-for-word), shared by the server's error
 * messages and the client's toasts so a quoted text is written once.
 */
export const PRODUCT_NAME = 'Waymark';
export const PRODUCT_TAGLINE = 'An invitation-only community for travelers';

/** Another member with no name and no username (docs/product.md#screens): the seeded admin has no profile. */
export const MEMBER_FALLBACK_NAME = 'Administrator';

export const TEXTS = {
  genericFailure: 'Something went wrong. Please try again.',
  /** An action that needs the server, tried offline (issue 23, ADR 071): refused, the form kept. */
  offlineNotSent: "You're offline. Nothing was sent: try again when you're back online.",
  validationErrorTitle: 'Validation Error',
  errorTitle: 'Error',

  loginFailedTitle: 'Login Failed',
  invalidCredentials: 'Invalid email or password',

  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  accountCreationFailedTitle: 'Account Creation Failed',
  userAlreadyRegistered: 'User already registered',
  accountExists: 'An account with this email already exists. Please sign in instead.',
  accountCreatedTitle: 'Account Created Successfully!',
  accountActivated: `Welcome to ${PRODUCT_NAME}! Your account has been activated.`,
  accountPending: `Welcome to ${PRODUCT_NAME}! Your account is pending activation by an admin.`,
  invalidSignupToken: 'This signup link is invalid or has expired. Ask an admin to resend it.',

  submissionFailedTitle: 'Submission Failed',
  invitationDuplicate: 'This email has already been used to request an invitation.',
  aboutYourselfTooShort: 'Please tell us about yourself in at least 50 characters.',
  invitationSubmittedTitle: 'Request Submitted!',
  invitationSubmitted: "Your invitation request has been submitted successfully. We'll review it and get back to you soon.",

  fillAllPasswordFields: 'Please fill in all password fields',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: 'New password must be at least 6 characters long',
  currentPasswordWrong: 'Current password is incorrect',
  passwordUpdated: 'Password updated successfully',
  emailInUse: 'An account with this email already exists.',

  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have admin privileges",
  signInRequired: 'Please sign in to continue.',
  accountPendingActivation: 'Your account is waiting for activation by an admin.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  crossSiteRefused: 'Cross-site request refused.',
  unstorableText:
    'Some text contains a character that cannot be saved (a NUL or a broken character). Please remove it and try again.',
  invalidInput: 'Some of the values sent are not valid. Please check them and try again.',

  updateInvitationFailed: 'Failed to update invitation status',
  createPendingActivationFailed: 'Failed to create pending activation: ',
  warningTitle: 'Warning',
  approvalEmailFailed: 'Invitation approved but email notification failed to send',
  invitationOnlyPending: 'Only pending invitation requests can be approved or rejected.',

  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',

  /** 503 while PostgreSQL is unreachable (ADR 014). */
  databaseUnavailable: "Waymark can't reach its database right now. Please try again in a moment.",
  /** 503 while the photo bucket is unreachable (issue 37, ADR 116). */
  storageUnavailable: "Waymark can't reach its photo storage right now. Please try again in a moment.",
  /** 409 when a row the request refers to was deleted while it ran (ADR 014). */
  changedMeanwhile: 'Something this refers to was just deleted. Please reload and try again.',

  // Accounts hardening (issue 19, ADRs 026-029).
  /** 409 for a unique constraint the service did not name (the error handler's safety net). */
  alreadyExists: 'This already exists (perhaps saved a moment ago by another request). Please reload and try again.',
  connectionExists: 'A connection with this member already exists.',
  alreadyLiked: 'You have already liked this.',
  alreadySaved: 'You have already saved this.',
  currentPasswordRequired: 'Please enter your current password',
  sameEmail: 'This is already your email address.',
  emailChangeSent: 'We sent a confirmation link to your new address. Your email changes when you open it.',
  emailChangeLinkInvalid:
    'This confirmation link is invalid, has expired or was already used. Please ask for a new one from your profile.',
  emailChanged: 'Your email address has been changed.',
  /**
   * A guide item whose tip the reader may not see (ADR 008, 030): private, connections-only,
   * hidden by a moderator or from a blocked author. It says only that it is not shared with
   * them, never why (issue 36, ADR 103): "private" was wrong for a connections-only tip. Every
   * place that shows such an item inside a guide uses this text.
   */
  hiddenTipInGuide: 'This tip is not shared with you',
  /** A single-line field (name, title, city...) with a line break, tab or other control character (ADR 032). */
  notSingleLine: 'Please keep this to a single line, without tabs, line breaks or control characters.',
  /** A multi-line field (description, bio...) with a control character other than a line break or tab. */
  controlCharacter: 'Please remove control characters (such as text-direction overrides) from this text.',

  // Account protection (issue 24): forgotten passwords and sessions (ADRs 073, 074).
  passwordResetRequested:
    'If an account uses this address, we sent it a link to set a new password. The link works once, within an hour.',
  passwordResetLinkInvalid: 'This password reset link is invalid, has expired or was already used. Ask for a new one.',
  passwordResetDone: 'Your password has been changed and every session was signed out. Sign in with your new password.',
  sessionNotFound: 'This session was not found. It may have ended already.',
  sessionEnded: 'You were signed out: this session was ended, here or on another device. Please sign in again.',
} as const;

/** 'Invitation approved and notification email sent' / 'Invitation rejected' (docs/product.md#texts-word-for-word). */
export function invitationStatusToast(status: 'approved' | 'rejected', isEmailSent: boolean) {
  return `Invitation ${status}${status === 'approved' && isEmailSent ? ' and notification email sent' : ''}`;
}
