import { useState } from 'react';
import { UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { OptionsSelect } from '@/components/ui/options-select';
import { type Decision, DecisionDialog } from './decision-dialog';

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

/** Suspend a member for a period or until lifted, with a reason they are told (issue 36). */
export function SuspendDialog({
  who,
  disabled,
  onSuspend,
}: {
  who: string;
  disabled?: boolean;
  onSuspend: (until: string | null, decision: Decision) => void;
}) {
  const [period, setPeriod] = useState<string>('7');
  return (
    <DecisionDialog
      trigger={
        <Button type="button" variant="outline" size="sm" disabled={disabled} aria-label={`Suspend ${who}`}>
          <UserX aria-hidden />
          Suspend
        </Button>
      }
      title={`Suspend ${who}`}
      description="They are signed out everywhere, cannot sign in, and their tips and guides are hidden while suspended."
      confirmLabel="Suspend"
      onConfirm={(decision) => onSuspend(suspensionEnd(period), decision)}
    >
      <Field id="suspend-period" label="For how long">
        <OptionsSelect
          id="suspend-period"
          value={period}
          onValueChange={setPeriod}
          placeholder="Choose a period"
          options={PERIODS}
        />
      </Field>
    </DecisionDialog>
  );
}
