import { Flag, History, Inbox, Mail, Megaphone, ShieldCheck, Tags, Users } from 'lucide-react';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTabParam } from '@/components/navigation/use-tab-param';
import { CountBadge } from '@/components/ui/count-badge';
import { useOpenReportCount } from '../api/get-open-report-count';
import { useAdminStats } from '../api/get-stats';
import { AuditLogTab } from './audit-log-tab';
import { ReportsTab } from './reports-tab';
import { InvitationsList } from './invitations-list';
import { OutboxList } from './outbox-list';
import { JobsList } from './jobs-list';
import { StatsCards } from './stats-cards';
import { SystemMessagesTab } from './system-messages-tab';
import { TipTypesTab } from './tip-types-tab';
import { UsersTab } from './users-tab';

const ADMIN_TABS = ['users', 'invitations', 'system-messages', 'tip-types', 'outbox', 'reports', 'audit-log'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];
const isAdminTab = (value: string): value is AdminTab => ADMIN_TABS.some((tab) => tab === value);

export function AdminPanel() {
  const stats = useAdminStats();
  const openReports = useOpenReportCount();
  // In the URL (?tab=, default users, docs/product.md#the-admin-panel): a reload, Back and a shared link keep it (ADR 046).
  const [tab, setTab] = useTabParam(ADMIN_TABS, 'users');

  if (stats.isPending) return <Spinner label={ADMIN_TEXTS.loading} />;

  return (
    <div className="grid gap-6">
      <header className="flex items-center gap-3">
        <div className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <ShieldCheck className="size-6" aria-hidden />
        </div>
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Admin Panel</h1>
          <p className="text-sm text-muted-foreground">Manage members, invitations, system messages and tip types.</p>
        </div>
      </header>
      <StatsCards stats={stats.data} />
      <Tabs value={tab} onValueChange={(next) => isAdminTab(next) && setTab(next)}>
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="users">
            <Users aria-hidden />
            User Management
          </TabsTrigger>
          <TabsTrigger value="invitations">
            <Inbox aria-hidden />
            Invitations
          </TabsTrigger>
          <TabsTrigger value="system-messages">
            <Megaphone aria-hidden />
            System Messages
          </TabsTrigger>
          <TabsTrigger value="tip-types">
            <Tags aria-hidden />
            Tip Types
          </TabsTrigger>
          <TabsTrigger value="outbox">
            <Mail aria-hidden />
            Outbox
          </TabsTrigger>
          <TabsTrigger value="reports">
            <Flag aria-hidden />
            Reports
            <CountBadge count={openReports.data?.open ?? 0} label="open" />
          </TabsTrigger>
          <TabsTrigger value="audit-log">
            <History aria-hidden />
            Audit log
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="invitations">
          <InvitationsList />
        </TabsContent>
        <TabsContent value="system-messages">
          <SystemMessagesTab />
        </TabsContent>
        <TabsContent value="tip-types">
          <TipTypesTab />
        </TabsContent>
        <TabsContent value="outbox">
          <div className="grid gap-6">
            <JobsList />
            <OutboxList />
          </div>
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="audit-log">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
