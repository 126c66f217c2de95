import { useState } from 'react';
import { Megaphone, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

type BannerMessage = { id: string; title: string; content: string };

const STORAGE_PREFIX = 'waymark.dismissed-system-messages';

function readDismissed(key: string): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

type SystemMessageBannersProps = {
  messages: readonly BannerMessage[];
  /** Dismissals are kept per user for the current browser session only (SPEC 2). */
  userId: string;
};

/** Active system messages above the page; each can be dismissed for this session. */
export function SystemMessageBanners({ messages, userId }: SystemMessageBannersProps) {
  const storageKey = `${STORAGE_PREFIX}:${userId}`;
  const [dismissed, setDismissed] = useState(() => readDismissed(storageKey));
  const visible = messages.filter((message) => !dismissed.includes(message.id));
  if (visible.length === 0) return null;

  const dismiss = (id: string) => {
    const next = [...dismissed.filter((known) => messages.some((message) => message.id === known)), id];
    setDismissed(next);
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Storage refused (private mode): the dismissal lasts until reload.
    }
  };

  return (
    <section aria-label="System messages" className="mb-6 grid gap-3">
      {visible.map((message) => (
        <div
          key={message.id}
          role="status"
          className="flex items-start gap-3 rounded-xl border border-accent bg-accent/40 p-4 text-accent-foreground"
        >
          <Megaphone className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="font-semibold">{message.title}</p>
            <p className="text-sm whitespace-pre-line wrap-anywhere">{message.content}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-1 size-8 shrink-0"
            aria-label={`Dismiss ${message.title}`}
            onClick={() => dismiss(message.id)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
    </section>
  );
}
