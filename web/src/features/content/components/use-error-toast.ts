import { useEffect } from 'react';
import { toast } from 'sonner';
import { TEXTS } from '@common/texts';

/** SPEC 8: a failed list load shows one destructive toast (not one per retry or re-render). */
export function useErrorToast(isError: boolean, description: string) {
  useEffect(() => {
    if (isError) toast.error(TEXTS.errorTitle, { id: description, description });
  }, [isError, description]);
}
