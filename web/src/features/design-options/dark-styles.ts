import { cn } from '@/lib/utils';
import type { DesignStyle } from './styles';

type StylePart = Exclude<keyof DesignStyle, 'name' | 'description'>;

/** Each sample's dark counterpart (issue 21, ADR 052), added to its light classes by name. */
const DARK: Record<string, Partial<Record<StylePart, string>>> = {
  'Ultra Minimal': {
    section: 'dark:bg-neutral-950 dark:text-neutral-100',
    card: 'dark:border-neutral-800',
    meta: 'dark:text-neutral-400',
    body: 'dark:text-neutral-300',
    badge: 'dark:text-neutral-400',
    primaryButton: 'dark:text-neutral-100',
    secondaryButton: 'dark:text-neutral-400 dark:hover:text-neutral-100',
  },
  'Clean Lines': {
    section: 'dark:bg-slate-900 dark:text-slate-100',
    card: 'dark:border-slate-700 dark:bg-slate-800',
    meta: 'dark:text-slate-400',
    body: 'dark:text-slate-300',
    badge: 'dark:border-sky-800 dark:bg-sky-950 dark:text-sky-300',
    primaryButton: 'dark:bg-sky-400 dark:text-slate-950 dark:hover:bg-sky-300',
    secondaryButton: 'dark:border-slate-600 dark:hover:bg-slate-700',
  },
  Brutalist: {
    section: 'dark:bg-neutral-900 dark:text-yellow-300',
    card: 'dark:border-yellow-300 dark:bg-black dark:shadow-[8px_8px_0_0_#fde047]',
    badge: 'dark:border-yellow-300 dark:text-black',
    primaryButton: 'dark:border-yellow-300 dark:bg-yellow-300 dark:text-black',
    secondaryButton: 'dark:border-yellow-300 dark:bg-black',
  },
  'Modern Flat': {
    section: 'dark:bg-indigo-950',
    card: 'dark:bg-neutral-900 dark:text-neutral-100',
    meta: 'dark:text-indigo-300',
    body: 'dark:text-neutral-300',
  },
};

/** The style with its dark classes; Monospace Minimal is dark already. */
export function withDarkStyle(style: DesignStyle): DesignStyle {
  const dark = DARK[style.name] ?? {};
  const parts = Object.entries(dark) as [StylePart, string][];
  return { ...style, ...Object.fromEntries(parts.map(([part, classes]) => [part, cn(style[part], classes)])) };
}
