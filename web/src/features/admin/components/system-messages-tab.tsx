import { useState } from 'react';
import { format } from 'date-fns';
import { Megaphone, Pencil, Plus } from 'lucide-react';
import type { SystemMessage } from '@common/schemas/system-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminSystemMessages, useSetSystemMessageActive } from '../api/system-messages';
import { SystemMessageDialog } from './system-message-dialog';

type Editing = { key: number; message?: SystemMessage } | null;

function SystemMessageRow({ message, onEdit }: { message: SystemMessage; onEdit: () => void }) {
  const setActive = useSetSystemMessageActive();
  // docs/product.md#texts-word-for-word: a failed toggle is silent; the list refresh shows the real state.
  const onToggle = () => setActive.mutate({ id: message.id, isActive: !message.isActive });

  return (
    <Card data-testid="system-message-row" aria-label={message.title}>
      <CardContent className="flex flex-wrap items-start justify-between gap-3 p-4">
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold wrap-anywhere">{message.title}</h3>
            <Badge variant={message.isActive ? 'success' : 'outline'}>{message.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
          <p className="text-sm wrap-anywhere whitespace-pre-wrap text-muted-foreground">{message.content}</p>
          <p className="text-xs text-muted-foreground">Created {format(new Date(message.createdAt), 'MMM d, yyyy HH:mm')}</p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${message.title}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button size="sm" variant={message.isActive ? 'outline' : 'default'} onClick={onToggle} disabled={setActive.isPending}>
            {message.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function SystemMessagesTab() {
  const { data, isPending } = useAdminSystemMessages();
  const [editing, setEditing] = useState<Editing>(null);
  const messages = data ?? [];
  const open = (message?: SystemMessage) => setEditing({ key: Date.now(), message });

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">System Messages</h2>
        <Button size="sm" onClick={() => open()}>
          <Plus aria-hidden />
          Add Message
        </Button>
      </div>
      {isPending ? (
        <Skeleton className="h-24" />
      ) : messages.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
            <Megaphone className="size-8" aria-hidden />
            <p>No system messages yet.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Managed system messages">
          {messages.map((message) => (
            <li key={message.id}>
              <SystemMessageRow message={message} onEdit={() => open(message)} />
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <SystemMessageDialog
          key={editing.key}
          open
          message={editing.message}
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
