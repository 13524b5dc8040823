import { useEffect, useState } from 'react';
import { can } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { forgetOtherUsers } from '@/lib/offline/device-data';
import { deleteQueue, useOfflineQueueRunner, usePendingCount } from '@/lib/offline/active-queue';
import { useSession } from '@/lib/session';
import { usePrefetchLookups } from '@/lib/lookups';
import { useOnline } from '@/lib/offline/network';
import { AppFooter } from '@/layout/app-footer';
import { AppLayout } from '@/layout/app-layout';
import { SidebarLogout } from '@/layout/app-sidebar';
import { AppTopbar } from '@/layout/app-topbar';
import { PrimeProvider } from '@/layout/prime-provider';
import { useLogout } from '@/features/auth/api/logout';
import { useUnreadCount } from '@/features/chat/api/chat';
import { useChatRealtime } from '@/features/chat/hooks/use-chat-realtime';
import { quarryLabel, useUserCompany, type ShellCompany } from '@/features/companies/api/companies';
import { CompanySelector } from '@/features/companies/components/company-selector';
import { CodeSearch } from '@/features/codici/components/code-search';
import { NotificheRisposte } from '@/features/condivisioni/components/notifiche-risposte';
import { NotificationsToggle } from '@/features/notifications/components/notifications-toggle';
import { APP_MENU } from './app-pages';

/**
 * Logout, from the top bar's menu and from the side menu (reachable on a phone whatever the top bar
 * shows): the device's queue goes with the user (docs/offline.md "Uscita"); actions still waiting
 * would be lost, so it asks first.
 */
function useShellLogout() {
  const { user } = useSession();
  const logout = useLogout();
  const pending = usePendingCount();
  const [askLogout, setAskLogout] = useState(false);
  const leave = () => {
    setAskLogout(false);
    void (user ? deleteQueue(user._id) : Promise.resolve()).finally(() => logout.mutate());
  };
  return {
    onLogout: () => (pending > 0 ? setAskLogout(true) : leave()),
    loggingOut: logout.isPending,
    dialog: (
      <ConfirmDialog
        visible={askLogout}
        title="Uscire?"
        confirmLabel="Esci"
        confirmIcon="pi pi-sign-out"
        danger
        onConfirm={leave}
        onCancel={() => setAskLogout(false)}
        testId="confirm-logout"
      >
        <p className="m-0">
          Hai {pending === 1 ? '1 azione in attesa' : `${pending} azioni in attesa`}: uscendo
          verranno eliminate dal dispositivo.
        </p>
      </ConfirmDialog>
    ),
  };
}
type ShellLogout = ReturnType<typeof useShellLogout>;

/** A component of its own so the unread count's updates re-render the top bar only. */
function ShellTopbar({ company, logout }: { company: ShellCompany | null; logout: ShellLogout }) {
  const { user } = useSession();
  const chatAllowed = can(user, 'chat');
  const unread = useUnreadCount(chatAllowed).data ?? 0;
  useChatRealtime(chatAllowed);
  return (
    <AppTopbar
      company={company}
      quarryLabel={quarryLabel(company)}
      widgets={
        <>
          {user?.role === 'admin' && <CompanySelector user={user} />}
          <NotificationsToggle />
        </>
      }
      codeSearch={<CodeSearch variant="topbar" />}
      notices={<NotificheRisposte />}
      chatUnread={chatAllowed ? unread : null}
      onLogout={logout.onLogout}
      loggingOut={logout.loggingOut}
    />
  );
}

function AppShell() {
  const { user, selectedCompanyId } = useSession();
  const userId = user?._id;
  const online = useOnline();
  // whoever signed in (here or in another tab), nothing another user opened stays on the device
  useEffect(() => {
    if (userId) void forgetOtherUsers(userId);
  }, [userId]);
  // the user's offline queue replays from here, on every page of the app
  useOfflineQueueRunner();
  // what an offline action needs is on the device from the first online visit (docs/offline.md)
  usePrefetchLookups(userId && online ? `${userId}|${selectedCompanyId ?? ''}` : null);
  const company = useUserCompany(selectedCompanyId);
  const shown = company.data ?? null;
  const logout = useShellLogout();
  return (
    <>
      <AppLayout
        topbar={<ShellTopbar company={shown} logout={logout} />}
        footer={<AppFooter company={shown} />}
        menu={APP_MENU}
        loading={company.isPending}
        sidebarEnd={<SidebarLogout onLogout={logout.onLogout} loggingOut={logout.loggingOut} />}
      />
      {logout.dialog}
    </>
  );
}

/**
 * The authenticated shell: the layout (which knows no feature) filled with the features' parts —
 * the company (logo, quarry label, footer name), the company picker, the notifications toggle,
 * the code search, the buyers' answers on shared links, the chat badge with the app-wide chat
 * connection, and logout; on entering, the
 * other users' copies on the device go (lib/offline/device-data).
 */
function Shell() {
  return (
    <PrimeProvider>
      <AppShell />
    </PrimeProvider>
  );
}

export const Component = Shell;
