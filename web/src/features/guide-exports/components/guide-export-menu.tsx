import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarPlus, ChevronDown, Download, Printer, Route } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDownloadRoute } from '../api/download-route';
import { EXPORT_MENU_TEXTS as T } from '../texts';
import { CalendarDialog } from './calendar-dialog';
import { printGuidePath } from '@/components/navigation/content-path';

/** The guide page's Export menu: calendar, GPS route, print layout (issue 23). */
export function GuideExportMenu({ guideId }: { guideId: string }) {
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const route = useDownloadRoute(guideId);
  const downloadRoute = () =>
    route.mutate(undefined, {
      onSuccess: () => notifySuccess(T.routeReady),
      onError: (error) => notifyError(errorMessage(error), T.exportFailed),
    });

  return (
    <>
      {/* Not modal: the calendar dialog opens from it, and two modal layers fight over focus. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <Download aria-hidden />
            {T.menu}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => setIsCalendarOpen(true)}>
            <CalendarPlus aria-hidden />
            {T.calendar}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={downloadRoute} disabled={route.isPending}>
            <Route aria-hidden />
            {T.route}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={printGuidePath(guideId)}>
              <Printer aria-hidden />
              {T.print}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CalendarDialog guideId={guideId} open={isCalendarOpen} onOpenChange={setIsCalendarOpen} />
    </>
  );
}
