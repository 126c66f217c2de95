import { toast } from 'sonner';
import {
  EMAIL_CHOICES,
  EMAIL_CHOICE_LABELS,
  NOTIFICATION_KIND_LABELS,
  type NotificationPreference,
  PREFERENCE_TEXTS,
} from '@common/schemas/notification-preferences';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { serverMessageOr } from '@/lib/api-client';
import { useMe } from '@/lib/api/get-me';
import { usePreferences } from '../api/get-notification-preferences';
import { useUpdatePreferences } from '../api/update-notification-preferences';

/** Notification choices (own profile only, ADR 090): per kind, in Waymark on/off and e-mail. Saved on each change. */
export function NotificationChoicesCard() {
  const query = usePreferences();
  const update = useUpdatePreferences();
  // New reports reach admins only (issue 36): a member has nothing to choose there.
  const isAdmin = useMe().data?.role === 'admin';

  const change = (next: NotificationPreference) =>
    update.mutate([next], {
      onSuccess: () => toast.success(PREFERENCE_TEXTS.saved),
      onError: (error) => toast.error(serverMessageOr(error, PREFERENCE_TEXTS.saveFailed)),
    });

  return (
    <Card id="notification-choices">
      <CardHeader>
        <CardTitle>{PREFERENCE_TEXTS.cardTitle}</CardTitle>
        <CardDescription id="notification-choices-description">{PREFERENCE_TEXTS.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-48" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessageOr(query.error, PREFERENCE_TEXTS.saveFailed)}
          </p>
        ) : (
          <ul className="grid gap-3" aria-describedby="notification-choices-description">
            {query.data.preferences
              .filter((p) => isAdmin || p.kind !== 'new_reports')
              .map((p) => (
                <PreferenceRow key={p.kind} preference={p} onChange={change} />
              ))}
          </ul>
        )}
        {update.isError ? (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {serverMessageOr(update.error, PREFERENCE_TEXTS.saveFailed)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PreferenceRow({
  preference,
  onChange,
}: {
  preference: NotificationPreference;
  onChange: (next: NotificationPreference) => void;
}) {
  const label = NOTIFICATION_KIND_LABELS[preference.kind];
  const id = `notification-choice-${preference.kind}`;
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4" data-testid={id}>
      <span className="font-medium" id={`${id}-label`}>
        {label}
      </span>
      <div className="flex items-center justify-between gap-3 text-sm sm:justify-start">
        <span className="text-muted-foreground" id={`${id}-in-app-label`}>
          {PREFERENCE_TEXTS.inApp}
        </span>
        {/* Named "Likes In Waymark": the kind, then the column, as a screen reader reads the row. */}
        <Switch
          id={`${id}-in-app`}
          aria-labelledby={`${id}-label ${id}-in-app-label`}
          checked={preference.inApp}
          onCheckedChange={(inApp) => onChange({ ...preference, inApp })}
        />
      </div>
      <div className="flex items-center justify-between gap-3 text-sm sm:justify-start">
        <span className="text-muted-foreground" id={`${id}-email-label`}>
          {PREFERENCE_TEXTS.email}
        </span>
        <Select
          value={preference.email}
          onValueChange={(email) => onChange({ ...preference, email: email as NotificationPreference['email'] })}
        >
          <SelectTrigger id={`${id}-email`} aria-labelledby={`${id}-label ${id}-email-label ${id}-email`} className="w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {EMAIL_CHOICES.map((choice) => (
              <SelectItem key={choice} value={choice}>
                {EMAIL_CHOICE_LABELS[choice]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </li>
  );
}
