import { useEffect, useState } from 'react';
import { can } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { forgetOtherUsers } from '@/lib/offline/device-data';
import { deleteQueue, useOfflineQueueRunner, usePendingCount } from '@/lib/offline/active-queue';
import { useSession } from '@/lib/session';
import { AppFooter } from '@/layout/app-footer';
import { AppLayout } from '@/layout/app-layout';
import { AppTopbar } from '@/layout/app-topbar';
import { PrimeProvider } from '@/layout/prime-provider';
import { useLogout } from '@/features/auth/api/logout';
import { useUnreadCount } from '@/features/chat/api/chat';
import { useChatRealtime } from '@/features/chat/hooks/use-chat-realtime';
import { quarryLabel, useUserCompany, type ShellCompany } from '@/features/companies/api/companies';
import { CompanySelector } from '@/features/companies/components/company-selector';
import { CodeSearch } from '@/features/codici/components/code-search';
import { NotificationsToggle } from '@/features/notifications/components/notifications-toggle';
import { APP_MENU } from './app-pages';

/** A component of its own so the unread count's updates re-render the top bar only. */
function ShellTopbar({ company }: { company: ShellCompany | null }) {
  const { user } = useSession();
  const logout = useLogout();
  const chatAllowed = can(user, 'chat');
  const unread = useUnreadCount(chatAllowed).data ?? 0;
  useChatRealtime(chatAllowed);
  const pending = usePendingCount();
  const [askLogout, setAskLogout] = useState(false);
  // the device's queue goes with the user (issue 29); actions still waiting are lost, so they ask first
  const leave = () => {
    setAskLogout(false);
    void (user ? deleteQueue(user._id) : Promise.resolve()).finally(() => logout.mutate());
  };
  return (
    <>
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
        chatUnread={chatAllowed ? unread : null}
        onLogout={() => (pending > 0 ? setAskLogout(true) : leave())}
        loggingOut={logout.isPending}
      />
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
    </>
  );
}

function AppShell() {
  const { user, selectedCompanyId } = useSession();
  const userId = user?._id;
  // whoever signed in (here or in another tab), nothing another user opened stays on the device
  useEffect(() => {
    if (userId) void forgetOtherUsers(userId);
  }, [userId]);
  // the user's offline queue replays from here, on every page of the app
  useOfflineQueueRunner();
  const company = useUserCompany(selectedCompanyId);
  const shown = company.data ?? null;
  return (
    <AppLayout
      topbar={<ShellTopbar company={shown} />}
      footer={<AppFooter company={shown} />}
      menu={APP_MENU}
      loading={company.isPending}
    />
  );
}

/**
 * The authenticated shell: the layout (which knows no feature) filled with the features' parts —
 * the company (logo, quarry label, footer name), the company picker, the notifications toggle,
 * the code search, the chat badge with the app-wide chat connection, and logout; on entering, the
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
