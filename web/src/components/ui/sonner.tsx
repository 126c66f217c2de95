import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useThemeChoice } from '@/lib/theme';

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
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
      {...props}
    />
  );
}
