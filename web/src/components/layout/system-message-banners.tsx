import { useState } from 'react';
import { Megaphone, X } from 'lucide-react';
import { DISMISSED_MESSAGES_COOKIE, dismissedCookieValue, parseDismissed, serializeDismissed } from '@common/dismissed-messages';
import { Button } from '@/components/ui/button';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

type BannerMessage = { id: string; title: string; content: string };

/**
 * Notes a dismissal in the browser session's cookie (docs/product.md#screens: per user, for this browser
 * session): the server leaves the message out of the pages it draws and of every later read.
 */
function rememberDismissal(userId: string, id: string) {
  const known = parseDismissed(dismissedCookieValue(document.cookie), userId);
  const value = serializeDismissed(userId, [...known.filter((knownId) => knownId !== id), id]);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${DISMISSED_MESSAGES_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

type SystemMessageBannersProps = {
  messages: readonly BannerMessage[];
  /** Dismissals are kept per user for the current browser session only (docs/product.md#screens). */
  userId: string;
};

/** Active system messages above the page, drawn with it; each can be dismissed for this browser session. */
export function SystemMessageBanners({ messages, userId }: SystemMessageBannersProps) {
  // Hidden at once; the server's answers leave them out from now on.
  const [dismissed, setDismissed] = useState<string[]>([]);
  // Dismissed: focus goes to the next banner, else the page's heading (issue 36).
  const focusAfterRemoval = useFocusAfterRemoval();
  const visible = messages.filter((message) => !dismissed.includes(message.id));
  if (visible.length === 0) return null;

  const dismiss = (id: string) => {
    setDismissed((ids) => [...ids, id]);
    rememberDismissal(userId, id);
  };

  return (
    <section aria-label="System messages" className="mb-6 grid gap-3">
      {visible.map((message) => (
        <div
          key={message.id}
          data-focus-item
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
            onClick={(event) => {
              focusAfterRemoval(event.currentTarget);
              dismiss(message.id);
            }}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
    </section>
  );
}
