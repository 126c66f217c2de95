import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Flag } from 'lucide-react';
import { MODERATION_TEXTS, ReportFormSchema, type ReportForm } from '@common/schemas/moderation';
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportTarget } from '@common/schemas/report';
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
import { OptionsSelectField } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { fieldText, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSendReport } from './report-api';

const WHAT: Record<ReportTarget, string> = { tip: 'this tip', guide: 'this guide', member: 'this member' };
const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

/** "Report" on a tip or guide page or a member's profile (issue 25): a reason, and words for "other". */
export function ReportDialog({ target, targetId }: { target: ReportTarget; targetId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Flag aria-hidden />
          {MODERATION_TEXTS.reportTitle}
        </Button>
      </DialogTrigger>
      <DialogContent>{open && <ReportForm target={target} targetId={targetId} onDone={() => setOpen(false)} />}</DialogContent>
    </Dialog>
  );
}

function ReportForm({ target, targetId, onDone }: { target: ReportTarget; targetId: string; onDone: () => void }) {
  const send = useSendReport();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReportForm>({ resolver: zodResolver(ReportFormSchema), defaultValues: { details: '' }, shouldFocusError: false });
  const { formRef, focusFirstInvalid, showError } = useFormErrors(setError);
  const isOther = useWatch({ control, name: 'reason' }) === 'other';

  const onValid = (values: ReportForm) =>
    send.mutate(
      { target, targetId, reason: values.reason, details: values.details || undefined },
      {
        onSuccess: () => {
          notifySuccess(MODERATION_TEXTS.reportSent);
          onDone();
        },
        onError: (error) => {
          const message = serverMessageOr(error, MODERATION_TEXTS.reportFailed);
          showError('details', message);
          notifyError(message);
        },
      },
    );

  return (
    <form ref={formRef} className="grid gap-4" onSubmit={(e) => void handleSubmit(onValid, focusFirstInvalid)(e)} noValidate>
      <DialogHeader>
        <DialogTitle>Report {WHAT[target]}</DialogTitle>
        <DialogDescription>Only the admins see your report. The member is not told who reported.</DialogDescription>
      </DialogHeader>
      <OptionsSelectField
        control={control}
        name="reason"
        id="report-reason"
        label="Reason"
        required
        placeholder="Choose a reason"
        options={REASON_OPTIONS}
      />
      <Field
        id="report-details"
        label={isOther ? 'What is wrong?' : 'Anything to add? (optional)'}
        required={isOther}
        error={fieldText(errors.details)}
      >
        <Textarea rows={3} maxLength={1000} {...register('details')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send report'}
        </Button>
      </DialogFooter>
    </form>
  );
}
