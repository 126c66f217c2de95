import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { CalendarPlus } from 'lucide-react';
import { type CalendarQuery, CalendarQuerySchema } from '@common/schemas/guide-export';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDownloadCalendar } from '../api/download-calendar';
import { EXPORT_MENU_TEXTS as T } from '../texts';

/** Asks for the trip's first day (today by default), then downloads the guide's calendar. */
export function CalendarDialog({
  guideId,
  open,
  onOpenChange,
}: {
  guideId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const download = useDownloadCalendar(guideId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CalendarQuery>({
    resolver: zodResolver(CalendarQuerySchema),
    defaultValues: { start: format(new Date(), 'yyyy-MM-dd') },
  });
  const onSubmit = handleSubmit(({ start }) =>
    download.mutate(start, {
      onSuccess: () => {
        notifySuccess(T.calendarReady);
        onOpenChange(false);
      },
      onError: (error) => notifyError(errorMessage(error), T.exportFailed),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{T.calendarTitle}</DialogTitle>
            <DialogDescription>{T.calendarDescription}</DialogDescription>
          </DialogHeader>
          <Field id="export-start" label={T.firstDay} error={errors.start?.message} required>
            <Input type="date" {...register('start')} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={download.isPending}>
              <CalendarPlus aria-hidden />
              {T.download}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
