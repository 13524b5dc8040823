import { defineModule, type SeedContext } from '../../lib/module.js';
import type { Storage } from '../../lib/storage.js';
import { chatRoutes } from './chat.routes.js';
import { seedChat } from './chat.seed.js';
import type { ChatService } from './chat.service.js';

/** The group chat; its service emits through the realtime server, so app.ts builds it with the platform. */
export const chatModule = defineModule({
  name: 'chat',
  routes: async (app, { chat, storage }: { chat: ChatService; storage: Storage }) => {
    await app.register(chatRoutes, { chat, storage });
  },
  seed: (ctx: SeedContext<object>) => seedChat(ctx.db, ctx.userIds),
});
