import { defineModule } from '../../lib/module.js';
import { usersRoutes } from './users.routes.js';
import type { UsersService } from './users.service.js';

export const usersModule = defineModule({
  name: 'users',
  routes: async (app, { users }: { users: UsersService }) => {
    await app.register(usersRoutes, { users });
  },
});
