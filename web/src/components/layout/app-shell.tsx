import { useState, type ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { AppHeader } from './app-header';
import type { ShellUser } from './shell-user';
import { SidebarNav } from './sidebar-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

type AppShellProps = {
  user: ShellUser;
  isSigningOut: boolean;
  onSignOut: () => void;
  unreadCount?: number;
  children: ReactNode;
};

/** The application shell (docs/product.md#screens): sticky header, sidebar (a sheet on small screens), page content. */
export function AppShell({ user, isSigningOut, onSignOut, unreadCount, children }: AppShellProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <AppHeader
        user={user}
        isSigningOut={isSigningOut}
        onSignOut={onSignOut}
        onOpenMenu={() => setIsMenuOpen(true)}
        unreadCount={unreadCount}
      />
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 overflow-y-auto border-r bg-card lg:block">
          <SidebarNav user={user} unreadCount={unreadCount} />
        </aside>
        <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
          <SheetContent side="left" className="lg:hidden">
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription className="sr-only">Main navigation</SheetDescription>
            <div className="pt-10">
              <SidebarNav user={user} unreadCount={unreadCount} onNavigate={() => setIsMenuOpen(false)} />
            </div>
          </SheetContent>
        </Sheet>
        {/* Long unbroken words (names, places, URLs) wrap anywhere rather than widen a phone's page. */}
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 wrap-anywhere outline-none sm:px-6 lg:px-10 lg:py-8"
        >
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
