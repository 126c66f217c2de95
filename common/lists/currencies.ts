/** docs/product.md#lists: currencies offered on the tip form (default USD). */
export const TIP_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'BRL', 'INR'] as const;

/** docs/product.md#lists: the 30 currencies of the profile form. */
export const PROFILE_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'AUD',
  'CAD',
  'CHF',
  'CNY',
  'SEK',
  'NZD',
  'MXN',
  'SGD',
  'HKD',
  'NOK',
  'INR',
  'BRL',
  'RUB',
  'KRW',
  'TRY',
  'ZAR',
  'PLN',
  'THB',
  'AED',
  'CZK',
  'DKK',
  'HUF',
  'ILS',
  'CLP',
  'PHP',
  'RON',
] as const;

export const DEFAULT_CURRENCY = 'USD';
