import * as React from 'react';
import { Download } from 'lucide-react';
import { DATA_EXPORT_TEXTS } from '@common/schemas/data-export';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { serverMessageOr } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { downloadFile, useStartDataExport } from '../api/start-data-export';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Your data (own profile only, issue 24): "Download my data" says what the zip holds, and the
 * account's deletion sits beside it, so a member can keep a copy before leaving. A refusal (the
 * hourly limit, a download already running) is shown under the button, where it was asked for.
 */
export function YourDataCard() {
  const startExport = useStartDataExport();
  const [refusal, setRefusal] = React.useState<string | null>(null);

  const onDownload = () => {
    setRefusal(null);
    startExport.mutate(undefined, {
      onSuccess: (start) => {
        downloadFile(start);
        notifySuccess(DATA_EXPORT_TEXTS.downloadStarted, DATA_EXPORT_TEXTS.downloadStartedDetail);
      },
      onError: (error) => setRefusal(serverMessageOr(error, DATA_EXPORT_TEXTS.downloadFailed)),
    });
  };

  return (
    <Card id="your-data">
      <CardHeader>
        <CardTitle>{DATA_EXPORT_TEXTS.cardTitle}</CardTitle>
        <CardDescription>{DATA_EXPORT_TEXTS.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-3">
          <ul id="your-data-contents" className="grid list-disc gap-1 pl-5 text-sm">
            {DATA_EXPORT_TEXTS.contents.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p id="your-data-format" className="text-sm text-muted-foreground">
            {DATA_EXPORT_TEXTS.formatNote}
          </p>
          <div>
            <Button
              type="button"
              onClick={onDownload}
              disabled={startExport.isPending}
              aria-describedby={refusal ? 'your-data-refusal' : 'your-data-format'}
            >
              <Download aria-hidden />
              {startExport.isPending ? DATA_EXPORT_TEXTS.preparing : DATA_EXPORT_TEXTS.downloadButton}
            </Button>
          </div>
          <p id="your-data-refusal" role="alert" className="text-sm font-medium text-destructive empty:hidden">
            {refusal}
          </p>
        </div>
        <section aria-labelledby="your-data-delete" className="grid gap-3 border-t pt-5">
          <h4 id="your-data-delete" className="font-semibold">
            {DATA_EXPORT_TEXTS.deleteHeading}
          </h4>
          <p className="text-sm text-muted-foreground">{DATA_EXPORT_TEXTS.deleteDescription}</p>
          <div>
            <DeleteAccountDialog />
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
