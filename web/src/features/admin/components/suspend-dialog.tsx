import { useState } from 'react';
import { UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { OptionsSelect } from '@/components/ui/options-select';

const PERIODS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'lifted', label: 'Until lifted' },
] as const;

/** The end of a chosen period as an ISO instant, or null for "until lifted". */
export function suspensionEnd(period: string, now = Date.now()): string | null {
  return period === 'lifted' ? null : new Date(now + Number(period) * 86_400_000).toISOString();
}

/** Suspend a member for a period or until lifted: they cannot sign in and their content is hidden. */
export function SuspendDialog({
  who,
  disabled,
  onSuspend,
}: {
  who: string;
  disabled?: boolean;
  onSuspend: (until: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<string>('7');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled} aria-label={`Suspend ${who}`}>
          <UserX aria-hidden />
          Suspend
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Suspend {who}</DialogTitle>
          <DialogDescription>
            They are signed out everywhere, cannot sign in, and their tips and guides are hidden while suspended.
          </DialogDescription>
        </DialogHeader>
        <Field id="suspend-period" label="For how long">
          <OptionsSelect
            id="suspend-period"
            value={period}
            onValueChange={setPeriod}
            placeholder="Choose a period"
            options={PERIODS}
          />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={() => {
              onSuspend(suspensionEnd(period));
              setOpen(false);
            }}
          >
            Suspend
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
