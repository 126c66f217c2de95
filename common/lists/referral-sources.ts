/** docs/product.md#lists: the ten "how did you hear about us" options, as stored and as shown. */
export const REFERRAL_SOURCES = [
  { value: 'social_media', label: 'Social media' },
  { value: 'web_search', label: 'Web search' },
  { value: 'friend_family', label: 'Friend or family' },
  { value: 'travel_blog', label: 'Travel blog' },
  { value: 'video', label: 'Video' },
  { value: 'travel_forum', label: 'Travel forum' },
  { value: 'travel_agency', label: 'Travel agency' },
  { value: 'word_of_mouth', label: 'Word of mouth' },
  { value: 'advertisement', label: 'Advertisement' },
  { value: 'other', label: 'Other' },
] as const;

export type ReferralSource = (typeof REFERRAL_SOURCES)[number]['value'];

export const REFERRAL_SOURCE_VALUES = REFERRAL_SOURCES.map((s) => s.value) as [ReferralSource, ...ReferralSource[]];

export function referralLabel(value: string): string {
  return REFERRAL_SOURCES.find((s) => s.value === value)?.label ?? value;
}
