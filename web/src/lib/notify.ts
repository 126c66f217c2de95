import { toast } from 'sonner';
import { TEXTS } from '@common/texts';

/** SPEC 8: error toasts are destructive and titled 'Error' unless a title is quoted. */
export function notifyError(description: string, title: string = TEXTS.errorTitle) {
  toast.error(title, { description });
}

export function notifySuccess(title: string, description?: string) {
  toast.success(title, { description });
}
