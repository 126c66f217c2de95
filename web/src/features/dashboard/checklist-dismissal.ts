/**
 * "Hide these steps" on the first-run checklist (issue 36, ADR 103): remembered per member on
 * this device, as the checklist is a nudge, not data; a new device shows it again until done.
 */
const key = (userId: string) => `waymark:first-steps-hidden:${userId}`;

export function isChecklistDismissed(userId: string | undefined): boolean {
  if (!userId || typeof localStorage === 'undefined') return false;
  try {
    return localStorage.getItem(key(userId)) === '1';
  } catch {
    return false;
  }
}

export function dismissChecklist(userId: string): void {
  try {
    localStorage.setItem(key(userId), '1');
  } catch {
    // Storage refused (private mode): hidden for this visit only.
  }
}
