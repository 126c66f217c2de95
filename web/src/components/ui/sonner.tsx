import { Toaster as Sonner, type ToasterProps } from 'sonner';

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
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
