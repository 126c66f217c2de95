/** The window of "most liked" on the home: tips and guides created in the last this many days (ADR 055). */
export const POPULAR_WINDOW_DAYS = 30;
