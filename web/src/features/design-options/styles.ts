/** The five sample styles of /design-options (docs/product.md#screens): purely presentational class sets. */
export type DesignStyle = {
  name: string;
  description: string;
  section: string;
  card: string;
  title: string;
  meta: string;
  body: string;
  badge: string;
  primaryButton: string;
  secondaryButton: string;
};

export const DESIGN_STYLES: DesignStyle[] = [
  {
    name: 'Ultra Minimal',
    description: 'Whitespace, hairlines and quiet type.',
    section: 'bg-white text-neutral-900',
    card: 'border border-neutral-100 p-8',
    title: 'text-xl font-light tracking-tight',
    meta: 'text-xs uppercase tracking-widest text-neutral-400',
    body: 'text-sm font-light leading-relaxed text-neutral-500',
    badge: 'text-xs text-neutral-400',
    primaryButton: 'px-4 py-2 text-sm text-neutral-900 underline underline-offset-4',
    secondaryButton: 'px-4 py-2 text-sm text-neutral-400 hover:text-neutral-900',
  },
  {
    name: 'Clean Lines',
    description: 'Crisp borders, soft radius and a single accent.',
    section: 'bg-slate-50 text-slate-900',
    card: 'rounded-lg border border-slate-200 bg-white p-6 shadow-sm',
    title: 'text-lg font-semibold',
    meta: 'text-sm text-slate-500',
    body: 'text-sm leading-relaxed text-slate-600',
    badge: 'rounded-md border border-sky-200 bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-700',
    primaryButton: 'rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800',
    secondaryButton: 'rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100',
  },
  {
    name: 'Brutalist',
    description: 'Heavy outlines, hard shadows and loud type.',
    section: 'bg-yellow-300 text-black',
    card: 'border-4 border-black bg-white p-6 shadow-[8px_8px_0_0_#000]',
    title: 'text-2xl font-black uppercase',
    meta: 'text-sm font-bold uppercase',
    body: 'text-base font-medium',
    badge: 'border-2 border-black bg-pink-400 px-2 py-0.5 text-xs font-black uppercase',
    primaryButton: 'border-4 border-black bg-black px-4 py-2 text-sm font-black uppercase text-white',
    secondaryButton: 'border-4 border-black bg-white px-4 py-2 text-sm font-black uppercase',
  },
  {
    name: 'Monospace Minimal',
    description: 'A terminal-like, typewriter feel.',
    section: 'bg-neutral-950 font-mono text-green-300',
    card: 'border border-green-900 p-6',
    title: 'text-lg',
    meta: 'text-xs text-green-600',
    body: 'text-sm text-green-200/80',
    badge: 'text-xs text-green-500',
    primaryButton: 'border border-green-400 px-4 py-2 text-sm hover:bg-green-400 hover:text-neutral-950',
    secondaryButton: 'px-4 py-2 text-sm text-green-600 hover:text-green-300',
  },
  {
    name: 'Modern Flat',
    description: 'Bold colour blocks without depth.',
    section: 'bg-indigo-600 text-white',
    card: 'rounded-2xl bg-white p-6 text-neutral-900',
    title: 'text-xl font-bold',
    meta: 'text-sm font-medium text-indigo-500',
    body: 'text-sm text-neutral-600',
    badge: 'rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-neutral-900',
    primaryButton: 'rounded-full bg-indigo-600 px-5 py-2 text-sm font-bold text-white',
    secondaryButton: 'rounded-full bg-amber-400 px-5 py-2 text-sm font-bold text-neutral-900',
  },
];
