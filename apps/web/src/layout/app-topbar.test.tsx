import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppTopbar } from './app-topbar';
import { LayoutProvider } from './layout-provider';
import { DEFAULT_LAYOUT_CONFIG } from './layout-config';

function renderTopbar(chatUnread: number | null) {
  return render(
    <MemoryRouter>
      <LayoutProvider initialConfig={DEFAULT_LAYOUT_CONFIG}>
        <AppTopbar
          company={null}
          quarryLabel="Cava di Canalgrande"
          widgets={null}
          chatUnread={chatUnread}
          onLogout={() => {}}
          loggingOut={false}
        />
      </LayoutProvider>
    </MemoryRouter>,
  );
}

describe('top bar chat button', () => {
  it('sits in the bar itself, not in the ⋮ menu that phones collapse', () => {
    const { container } = renderTopbar(3);
    const chat = screen.getByTestId('topbar-chat');
    expect(container.querySelector('#topbar-menu')).not.toContainElement(chat);
    expect(screen.getByTestId('chat-badge')).toHaveTextContent('3');
  });

  it('words the unread count in the singular and the plural', () => {
    const { rerender } = renderTopbar(1);
    expect(screen.getByRole('link', { name: 'Chat, 1 messaggio non letto' })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <LayoutProvider initialConfig={DEFAULT_LAYOUT_CONFIG}>
          <AppTopbar
            company={null}
            quarryLabel="Cava di Canalgrande"
            widgets={null}
            chatUnread={2}
            onLogout={() => {}}
            loggingOut={false}
          />
        </LayoutProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Chat, 2 messaggi non letti' })).toBeInTheDocument();
  });
});
