import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useThemeChoice } from '@/lib/theme';

/**
 * Sonner's light rich colours put their text at 4.25:1 (success) and 4.34:1 (error) on their
 * backgrounds; these darker texts reach 4.5:1 (WCAG 1.4.3). Only in the light theme: its dark
 * theme has its own, light texts.
 */
const RICH_TEXT_AA = [
  'in-data-[sonner-theme=light]:[--success-text:hsl(140,100%,22%)]',
  'in-data-[sonner-theme=light]:[--error-text:hsl(0,100%,38%)]',
  'in-data-[sonner-theme=light]:[--warning-text:hsl(25,95%,28%)]',
  'in-data-[sonner-theme=light]:[--info-text:hsl(210,92%,35%)]',
].join(' ');

export function Toaster(props: ToasterProps) {
  const theme = useThemeChoice();
  return (
    <Sonner
      theme={theme}
      // Below the sticky header, clear of both its Sign Out button and the forms' submit buttons.
      position="top-center"
      offset={76}
      mobileOffset={{ top: 72 }}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: `font-sans ${RICH_TEXT_AA}`, description: 'text-sm' } }}
      {...props}
    />
  );
}
