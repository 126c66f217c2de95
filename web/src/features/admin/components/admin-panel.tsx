import { Inbox, Mail, ShieldCheck } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useInvitations } from '../api/get-invitations';
import { InvitationsList } from './invitations-list';
import { OutboxList } from './outbox-list';

export function AdminPanel() {
  const invitations = useInvitations();

  if (invitations.isPending) return <Spinner label="Loading admin panel..." />;

  return (
    <div className="grid gap-6">
      <header className="flex items-center gap-3">
        <div className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <ShieldCheck className="size-6" aria-hidden />
        </div>
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Admin Panel</h1>
          <p className="text-sm text-muted-foreground">Review invitation requests and the e-mails sent on approval.</p>
        </div>
      </header>
      <Tabs defaultValue="invitations">
        <TabsList>
          <TabsTrigger value="invitations">
            <Inbox aria-hidden />
            Invitations
          </TabsTrigger>
          <TabsTrigger value="outbox">
            <Mail aria-hidden />
            Outbox
          </TabsTrigger>
        </TabsList>
        <TabsContent value="invitations">
          <InvitationsList />
        </TabsContent>
        <TabsContent value="outbox">
          <OutboxList />
        </TabsContent>
      </Tabs>
    </div>
  );
}
