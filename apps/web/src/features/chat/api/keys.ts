/** Query keys of the chat: everything starts with ['chat']. */
export const chatKeys = {
  all: ['chat'] as const,
  unread: ['chat', 'unread'] as const,
  conversations: ['chat', 'users'] as const,
  availableUsers: ['chat', 'available-users'] as const,
};
