import { format } from 'date-fns';
import { ExternalLink } from 'lucide-react';
import type { OutboxMessage } from '@common/schemas/outbox';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  return (
    <Card data-testid="outbox-message">
      <CardHeader className="gap-1 pb-3">
        <CardTitle className="text-base">{message.subject}</CardTitle>
        <p className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
          <span>
            To: <span className="font-medium text-foreground">{message.to}</span>
          </span>
          <time dateTime={message.createdAt}>{format(new Date(message.createdAt), 'MMM d, yyyy HH:mm')}</time>
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {Object.keys(message.headers).length > 0 ? (
          <dl className="grid gap-1 text-xs text-muted-foreground" aria-label="Headers">
            {Object.entries(message.headers).map(([name, value]) => (
              <div key={name} className="wrap-anywhere">
                <dt className="inline font-medium text-foreground">{name}:</dt> <dd className="inline">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="rounded-md bg-muted p-3 text-sm wrap-anywhere whitespace-pre-wrap">{message.text}</p>
        {message.links.length > 0 ? (
          <ul className="grid gap-1 text-sm" aria-label="Links">
            {message.links.map((link) => (
              <li key={link}>
                <a
                  href={link}
                  className="inline-flex items-center gap-1 font-medium break-all text-primary underline-offset-4 hover:underline"
                >
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                  {link}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
