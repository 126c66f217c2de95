import { LIMITS } from '@common/limits';
import { cn } from '@/lib/utils';

/** SPEC 9: counts above 99 read '99+'. */
export function formatBadgeCount(count: number, cap: number = LIMITS.notificationBadgeCap): string {
  return count > cap ? `${cap}+` : String(count);
}

type CountBadgeProps = { count: number; className?: string; label?: string };

/**
 * A small red pill with a count; renders nothing for zero. The label is read after the count as
 * hidden text (a plain span has no role, so an aria-label on it is not read by every reader).
 */
export function CountBadge({ count, className, label }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] font-bold leading-5 text-destructive-foreground',
        className,
      )}
    >
      {formatBadgeCount(count)}
      {label ? <span className="sr-only">{` ${label}`}</span> : null}
    </span>
  );
}
