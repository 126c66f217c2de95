import * as React from 'react';
import { Copy, Download } from 'lucide-react';
import { PRODUCT_NAME } from '@common/texts';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/notify';

function download(codes: string[]) {
  const text = [
    `${PRODUCT_NAME} recovery codes (${new Date().toLocaleDateString()})`,
    '',
    ...codes,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe, apart from your phone.',
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${PRODUCT_NAME.toLowerCase()}-recovery-codes.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Ten recovery codes, shown this once (the server keeps only their hashes): copy, download, and
 * the member says they saved them before the panel closes.
 */
export function TwoFactorRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [isSaved, setIsSaved] = React.useState(false);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => headingRef.current?.focus(), []);

  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => notifySuccess('Recovery codes copied'),
      () => notifyError('Copying is not allowed here: download the codes or write them down.'),
    );

  return (
    <section className="grid gap-4" aria-labelledby="recovery-codes-title">
      <div className="grid gap-1.5">
        <h3 id="recovery-codes-title" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          Save your recovery codes
        </h3>
        <p className="text-sm text-muted-foreground">
          If you lose your phone, each code lets you sign in once instead of a code from the app. They are shown only now.
        </p>
      </div>
      <ol
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md border bg-muted/40 p-4 font-mono text-sm sm:text-base"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={() => download(codes)}>
          <Download aria-hidden />
          Download (.txt)
        </Button>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={isSaved}
          onChange={(event) => setIsSaved(event.target.checked)}
        />
        I have saved my recovery codes somewhere safe.
      </label>
      <Button type="button" className="sm:justify-self-end" disabled={!isSaved} onClick={onDone}>
        Done
      </Button>
    </section>
  );
}
