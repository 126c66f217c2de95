import { LIMITS } from '@common/limits';
import { cn } from '@/lib/utils';

/** docs/product.md#limits: counts above 99 read '99+'. */
export function formatBadgeCount(count: number, cap: number = LIMITS.notificationBadgeCap): string {
  return count > cap ? `${cap}+` : String(count);
}

type CountBadgeProps = { count: number; className?: string; label?: string };

/**
 * A small red pill with a count; renders nothing for zero. With a label it is an image named
 * "3 unread": a plain span has no role, and an aria-label on one is not allowed (axe
 * aria-prohibited-attr) nor read by every screen reader.
 */
export function CountBadge({ count, className, label }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label ? `${count} ${label}` : undefined}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] font-bold leading-5 text-destructive-foreground',
        className,
      )}
    >
      {formatBadgeCount(count)}
    </span>
  );
}
