import type { ReactNode } from 'react';
import { Compass, type LucideIcon } from 'lucide-react';
import { NoticeCard } from '@/components/ui/notice-card';

type EmptyStateProps = { title: string; description?: string; action?: ReactNode; icon?: LucideIcon };

export function EmptyState({ title, description, action, icon = Compass }: EmptyStateProps) {
  return <NoticeCard icon={icon} tone="secondary" titleAs="p" title={title} description={description} action={action} />;
}
